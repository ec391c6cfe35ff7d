// `k < n && x[k] != 0` is counted by its first part and may stop earlier on
// data: between 0 and n trips, and range_reasons says which part is not
// counted.
// RUN: %rl-analyze-stub %s --launch 'untilZero:grid=1,block=32' --bind n=100 \
// RUN:   --format=json > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=REASON < %t.json
#include "cuda.h"

__global__ void untilZero(const float *x, float *y, int n) {
  float acc = 0.0f;
  // REASON: "range_reasons": [
  // REASON: "loop at {{.*}}loop-conjunction-data-stop.cu:[[@LINE+1]]:3 may exit early (a part of its && condition is not counted: its condition compares floating-point values)"
  for (int k = 0; k < n && x[k] != 0.0f; ++k)
    acc += x[k];
  y[threadIdx.x] = acc;
}

// CHECK: "totals": {
// CHECK-NEXT: "flops": {
// CHECK-NEXT: "low": 0,
// CHECK-NEXT: "high": 3200
// CHECK-NEXT: },
// The store after the loop always happens.
// CHECK: "global_stores": 32,
