// A counted loop with a data-dependent `break` runs between 0 and n times:
// the high end is the full trip count, and range_reasons names the loop.
// RUN: %rl-analyze-stub %s --launch 'prefix:grid=1,block=32' --bind n=100 \
// RUN:   --format=json > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=REASON < %t.json
#include "cuda.h"

__global__ void prefix(const float *x, float *y, int n) {
  int i = threadIdx.x;
  float acc = 0.0f;
  // REASON: "range_reasons": [
  // REASON: "loop at {{.*}}loop-break.cu:[[@LINE+1]]:3 may exit early (break/return)"
  for (int k = 0; k < n; ++k) {
    if (x[k] < 0.0f)
      break;
    acc += x[k];
  }
  y[i] = acc;
}

// The add is skipped entirely when the first element is negative, and runs
// 100 times per thread when none is.
// CHECK: "totals": {
// CHECK-NEXT: "flops": {
// CHECK-NEXT: "low": 0,
// CHECK-NEXT: "high": 3200
// CHECK-NEXT: },
// Two loads of x[k] per full iteration.
// CHECK: "global_loads": {
// CHECK-NEXT: "low": {{[0-9]+}},
// CHECK-NEXT: "high": 6400
// CHECK-NEXT: },
// The store after the loop always happens.
// CHECK: "global_stores": 32,
