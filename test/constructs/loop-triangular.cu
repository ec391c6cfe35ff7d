// The inner loop `for (j = i + 1; j < n; ++j)` makes a triangle:
// (n^2 - n) / 2 iterations in all, 4950 for n = 100.
// RUN: %rl-analyze-stub %s --launch 'pairs:grid=1,block=1' --bind n=100 \
// RUN:   --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'pairs:grid=2,block=64' --bind n=7 \
// RUN:   --format=json | FileCheck %s --check-prefix=SMALL
#include "cuda.h"

__global__ void pairs(const float *x, float *y, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      acc += x[j];
  y[0] = acc;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "(n^2 - n)/2",
// CHECK: "global_loads": "(n^2 - n)/2",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 4950,
// CHECK: "global_loads": 4950,

// 21 pairs for n = 7, in each of 128 threads.
// SMALL: "totals": {
// SMALL-NEXT: "flops": 2688,
