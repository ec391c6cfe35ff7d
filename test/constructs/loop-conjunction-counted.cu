// A loop whose condition is a conjunction of two counted tests,
// `k < n && k < m`, runs min(n, m) times: here 40 of a possible 100.
// RUN: %rl-analyze-stub %s --launch 'firstRun:grid=1,block=32' --bind n=100 \
// RUN:   --bind m=40 --format=json | FileCheck %s
#include "cuda.h"

__global__ void firstRun(const float *x, float *y, int n, int m) {
  float acc = 0.0f;
  for (int k = 0; k < n && k < m; ++k)
    acc += x[k];
  y[threadIdx.x] = acc;
}

// One add per trip, 40 trips, 32 threads: exact, not a range.
// CHECK: "name": "firstRun"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1280,
// CHECK: "global_loads": 1280,
// CHECK: "range_reasons": []
