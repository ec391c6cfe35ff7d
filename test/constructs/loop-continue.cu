// `continue` under a data-dependent condition skips the rest of one
// iteration: the trip count stays exact, the skipped part becomes a range.
// RUN: %rl-analyze-stub %s --launch 'positive:grid=1,block=1' --bind n=10 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void positive(const float *x, float *y, int n) {
  for (int k = 0; k < n; ++k) {
    if (x[k] < 0.0f)
      continue;
    y[k] = x[k] * 3.0f;
  }
}

// CHECK: "totals": {
// CHECK-NEXT: "flops": {
// CHECK-NEXT: "low": 0,
// CHECK-NEXT: "high": 10
// CHECK-NEXT: },
// CHECK: "global_loads": {
// CHECK-NEXT: "low": 10,
// CHECK-NEXT: "high": 20
// CHECK-NEXT: },
