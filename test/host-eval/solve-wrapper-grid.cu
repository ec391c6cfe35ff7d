// --solve keeps a grid the host code writes over the solved size: a wrapper
// that launches `matmul<<<dim3((N + 15) / 16, (N + 15) / 16), block>>>`
// with N its own parameter (passed to the kernel as N) leaves the grid
// unknown, but as a function of N. A naive matmul's intensity is N / 6
// FLOP/B with each byte moved once (12 N^2 bytes for 2 N^3 FLOPs), so on an
// H100 (fp32 ridge 20.0) it is compute-bound from N = 120.
// RUN: %rl-analyze-stub %s --gpu=H100 --solve N | FileCheck %s
// RUN: %rl-analyze-stub %s --gpu=H100 --solve N --format=json \
// RUN:   | FileCheck %s --check-prefix=JSON
#include "cuda.h"

__global__ void matmul(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
      acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}

void multiply(const float *A, const float *B, float *C, int N) {
  dim3 block(16, 16);
  dim3 grid((N + 15) / 16, (N + 15) / 16);
  matmul<<<grid, block>>>(A, B, C, N);
}

// CHECK: crossover  H100 SXM: compute-bound when N ≥ ~120 (fp32 roof, ridge 20.00 FLOP/B; each byte moved once)
// CHECK-NEXT: assumed: gridDim.x follows N as the launch writes it: (N + 15)/16
// CHECK-NEXT: assumed: gridDim.y follows N as the launch writes it: (N + 15)/16
// JSON: "crossover": [
// JSON: "symbol": "N",
// JSON: "compulsory": {
// JSON-NEXT: "answer": "at",
// JSON-NEXT: "value": 120,
