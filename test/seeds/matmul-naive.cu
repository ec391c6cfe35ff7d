// Seed: naive N x N matmul, one thread per output: 2*N FLOPs per thread and
// 2*N^3 in all when the grid covers N x N exactly (N = 1024: 2147483648).
// RUN: %rl-analyze-stub %s --launch 'matmul:grid=64x64,block=16x16' \
// RUN:   --bind N=1024 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'matmul:grid=65x65,block=16x16' \
// RUN:   --bind N=1030 --format=json | FileCheck %s --check-prefix=RAGGED
#include "cuda.h"

__global__ void matmul(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float sum = 0.0f;
    for (int k = 0; k < N; ++k)
      sum += A[row * N + k] * B[k * N + col];
    C[row * N + col] = sum;
  }
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "2*N",
// CHECK: "global_load_bytes": "8*N",
// CHECK: "formulas": {
// CHECK-NEXT: "flops": "2*N*min(N, blockDim.x*gridDim.x)*min(N, blockDim.y*gridDim.y)",
// For this launch the grid covers N x N, and the formula reads as the seed's:
// CHECK: "launch_formulas": {
// CHECK-NEXT: "flops": "2*N^3",
// CHECK: "dram_bytes": "8*N^3 + 4*N^2"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 2147483648,
// CHECK: "global_load_bytes": 8589934592,
// CHECK: "global_store_bytes": 4194304,
// CHECK: "intensity": {
// CHECK-NEXT: "dram": {{170\.66[0-9]*}},

// 1040 x 1040 threads, 1030 x 1030 pass: 2 * 1030^3.
// RAGGED: "totals": {
// RAGGED-NEXT: "flops": 2185454000,
