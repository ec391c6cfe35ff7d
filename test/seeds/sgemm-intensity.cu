// Seed: SGEMM C = A.B + C reads A, B and C and writes C: 16*N^2 bytes of DRAM
// traffic for 2*N^3 FLOPs (plus N^2 for the add), intensity about N/8.
// N = 1024: the data (12 MB) fits in the H200's L2, so each byte moves once.
// RUN: %rl-analyze-stub %s --launch 'sgemm:grid=64x64,block=16x16' \
// RUN:   --bind N=1024 --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void sgemm(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += A[row * N + k] * B[k * N + col];
  C[row * N + col] = sum + C[row * N + col];
}

// 2 * 1024^3 + 1024^2 FLOPs; 16 * 1024^2 = 16777216 bytes (C counted as a
// read and a write); 12 * 1024^2 distinct bytes.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 2148532224,
// CHECK: "footprint_bytes": 12582912,
// CHECK-NEXT: "dram_bytes": 16777216,
// CHECK: "intensity": {
// CHECK-NEXT: "dram": {{128\.06[0-9]*}},
// CHECK: "name": "C",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 4194304,
// CHECK: "dram_bytes": 8388608
