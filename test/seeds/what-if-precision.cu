// Seed: "what if this kernel stored its data in bf16?" Without --solve,
// --precision shows the launch with every byte scaled by the new element
// size (16 of 32 bits) and its FLOPs on the bf16 tensor roof. SGEMM at
// N = 1024 on the H100 SXM: intensity N/8 = 128 becomes 256 FLOP/B, the
// ridge 20 (fp32 CUDA cores) becomes 295 (tensor bf16); each level's time
// halves.
// RUN: %rl-analyze-stub %s --launch 'sgemm:grid=64x64,block=16x16' \
// RUN:   --bind N=1024 --gpu=H100 --precision bf16 | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'sgemm:grid=64x64,block=16x16' \
// RUN:   --bind N=1024 --gpu=H100 --precision bf16 --format=json \
// RUN:   | FileCheck %s --check-prefix=JSON
// RUN: not %rl-analyze-stub %s --precision fp6 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
#include "cuda.h"

__global__ void sgemm(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float sum = 0.0f;
    for (int k = 0; k < N; ++k)
      sum += A[row * N + k] * B[k * N + col];
    C[row * N + col] = sum + C[row * N + col];
  }
}

// CHECK: what-if    H100 SXM, data as bf16 (bytes x0.500): intensity 128 -> 256 FLOP/B, ridge 20.0 (fp32) -> 295 (tensor bf16)
// JSON: "what_if": {
// JSON-NEXT: "gpu": "H100 SXM",
// JSON-NEXT: "current": {
// JSON-NEXT: "roof": "fp32",
// JSON: "target": {
// JSON-NEXT: "roof": "tensor bf16",
// JSON: "byte_scale": 0.5,
// JSON-NEXT: "intensity": {{128\.06[0-9]*}},
// JSON-NEXT: "target_intensity": {{256\.12[0-9]*}},
// BAD: --precision: unknown precision 'fp6'
