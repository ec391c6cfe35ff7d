// `k <= n` includes the bound: k = 1 .. n is n iterations, k = 0 .. n with
// step 2 is n / 2 + 1.
// RUN: %rl-analyze-stub %s --launch 'incl:grid=1,block=1' \
// RUN:   --launch 'incl2:grid=1,block=1' --bind n=1000 --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void incl(float *y, int n) {
  for (int k = 1; k <= n; k++)
    y[k] = 0.0f;
}

__global__ void incl2(float *y, int n) {
  for (int k = 0; k <= n; k += 2)
    y[k] = 0.0f;
}

// CHECK-LABEL: "name": "incl"
// CHECK: "totals": {
// CHECK: "global_stores": 1000,
// CHECK-LABEL: "name": "incl2"
// CHECK: "totals": {
// CHECK: "global_stores": 501,
