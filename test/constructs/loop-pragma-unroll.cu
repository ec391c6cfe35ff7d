// #pragma unroll does not change what the source asks for: 8 iterations.
// RUN: %rl-analyze-stub %s --launch 'unrolled:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void unrolled(const float *x, float *y) {
  int i = threadIdx.x;
  float acc = 0.0f;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    acc += x[i * 8 + k];
#pragma unroll 2
  for (int k = 0; k < 4; ++k)
    acc *= 0.5f;
  y[i] = acc;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "12",
// CHECK: "global_loads": "8",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 384,
// CHECK: "global_loads": 256,
