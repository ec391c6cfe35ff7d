// Seed: SGEMM's intensity is N/8 (2*N^3 FLOPs over 16*N^2 bytes: A, B and
// C read, C written), so it is compute-bound when N/8 reaches the ridge
// point. --solve N finds the smallest such N from the model itself: on the
// H100 SXM's BF16 tensor roof (989 TFLOP/s / 3.35 TB/s = 295.2), N >= 2362
// (the lesson: 8 x 295 = 2360); on the B200, BF16 (281.25) N >= 2250 (the
// lesson: 8 x 281 = 2248) and FP4 (1125) N >= 9000. "each byte moved once"
// is the lessons' traffic; the second answer uses the GPU's L2. With the
// data stored as bf16 the bytes halve and N/4 reaches 295.2 at 1181. The
// grid follows N because the launch's grid is ceil(N / 16).
// RUN: %rl-analyze-stub %s --launch 'sgemm:grid=64x64,block=16x16' \
// RUN:   --bind N=1024 --gpu=H100 --solve N --precision bf16 | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'sgemm:grid=64x64,block=16x16' \
// RUN:   --bind N=1024 --gpu=B200 --solve N --precision bf16 \
// RUN:   | FileCheck %s --check-prefix=BW16
// RUN: %rl-analyze-stub %s --launch 'sgemm:grid=64x64,block=16x16' \
// RUN:   --bind N=1024 --gpu=B200 --solve N --precision fp4 \
// RUN:   | FileCheck %s --check-prefix=BW4
// RUN: %rl-analyze-stub %s --launch 'sgemm:grid=64x64,block=16x16' \
// RUN:   --bind N=1024 --gpu=H100 --solve N --precision bf16 --format=json \
// RUN:   | FileCheck %s --check-prefix=JSON
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

// CHECK: crossover  H100 SXM: compute-bound when N ≥ ~2362 (tensor bf16 roof, ridge 295.2 FLOP/B; each byte moved once)
// CHECK-SAME: data stored as bf16 (bytes x0.500): compute-bound when N ≥ ~1181
// CHECK-NEXT: assumed: gridDim.x follows N as ceil(N / 16) (the launch has 64 = ceil(1024 / 16))
// BW16: crossover  B200: compute-bound when N ≥ ~2250 (tensor bf16 roof, ridge 281.3 FLOP/B;
// BW4: crossover  B200: compute-bound when N ≥ ~9000 (tensor fp4 roof, ridge 1125 FLOP/B;
// JSON: "crossover": [
// JSON-NEXT: {
// JSON-NEXT: "gpu": "H100 SXM",
// JSON-NEXT: "symbol": "N",
// JSON-NEXT: "roof": {
// JSON-NEXT: "roof": "tensor bf16",
// JSON-NEXT: "peak_flops": 989000000000000.0,
// JSON-NEXT: "ridge_point": {{295\.22[0-9]*}}
// JSON: "compulsory": {
// JSON-NEXT: "answer": "at",
// JSON-NEXT: "value": 2362,
