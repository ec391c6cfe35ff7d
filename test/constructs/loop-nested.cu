// Two nested loops of n iterations run the body n^2 times.
// RUN: %rl-analyze-stub %s --launch 'square:grid=1,block=32' --bind n=100 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void square(const float *x, float *y, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      acc += x[i * n + j];
  y[threadIdx.x] = acc;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "n^2",
// CHECK: "global_loads": "n^2",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 320000,
// CHECK: "global_loads": 320000,
// CHECK-NEXT: "global_load_bytes": 1280000,
