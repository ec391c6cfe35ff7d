// A floating-point counter with whole constant start, bound and step
// (`for (float d = -3; d <= 3; d++)`, image filters' window loops) takes
// exact values: 7 trips.
// RUN: %rl-analyze-stub %s --launch 'window:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void window(const float *x, float *y) {
  float acc = 0.0f;
  for (float d = -3; d <= 3; d++)
    acc += d * x[threadIdx.x];
  y[threadIdx.x] = acc;
}

// Per trip a multiply, an add and the counter's own float add: 3 * 7 * 32.
// CHECK: "name": "window"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 672,
// CHECK: "global_loads": 224,
// CHECK: "range_reasons": []
