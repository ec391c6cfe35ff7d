// A grid computed from a parameter of the host function is not known: the
// entry keeps its formulas, lists the unbound symbols, and a launch note names
// the culprit.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --format=text | FileCheck %s --check-prefix=TEXT
#include "cuda.h"

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y, int n) { scale<<<(n + 255) / 256, 256>>>(y, n); }

// CHECK: "grid": [
// CHECK-NEXT: null,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block": [
// CHECK-NEXT: 256,
// CHECK: "args": {},
// CHECK: "notes": [
// CHECK-NEXT: "grid.x is not known from the source: 'n' is a parameter of 'run', which nothing in this file calls",
// CHECK-NEXT: "argument 'n' is not known from the source: 'n' is a parameter of 'run', which nothing in this file calls"
// CHECK: "formulas": {
// CHECK-NEXT: "flops": "min(n, blockDim.x*gridDim.x)",
// CHECK: "totals": {
// CHECK-NEXT: "flops": null,
// CHECK: "unbound": [
// CHECK-NEXT: "gridDim.x",
// CHECK-NEXT: "n"
// CHECK-NEXT: ],
// CHECK: "bound": "unknown",
// CHECK: "predicted_time_s": null,

// TEXT: grid ?x1x1  block 256x1x1
// TEXT: launch: grid.x is not known from the source: 'n' is a parameter of 'run', which nothing in this file calls
