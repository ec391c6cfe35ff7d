// Seed: SAXPY's intensity does not depend on n (2 FLOPs per 12 bytes), so
// no size makes it compute-bound: --solve n answers "never", with the
// largest n the model was evaluated at (until the grid the launch derives
// from n exceeds what CUDA accepts).
// RUN: %rl-analyze-stub %s --gpu=H100 --solve n --precision bf16 \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void run(const float *x, float *y) {
  int n = 1 << 24;
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
}

// CHECK: crossover  H100 SXM: never compute-bound (n from 1 to {{[0-9]+}}) (tensor bf16 roof
// CHECK-NEXT: assumed: gridDim.x follows n as ceil(n / 256) (the launch has 65536 = ceil(16777216 / 256))
