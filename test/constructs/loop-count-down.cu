// Loops counting down: k = n - 1 .. 0 with `>= 0`, k = n .. 1 with `> 0`, and
// k = n .. 0 by 3 all have the trip count their range gives.
// RUN: %rl-analyze-stub %s --launch 'down:grid=1,block=1' \
// RUN:   --launch 'downgt:grid=1,block=1' --launch 'down3:grid=1,block=1' \
// RUN:   --bind n=1000 --format=json | FileCheck %s
#include "cuda.h"

__global__ void down(float *y, int n) {
  for (int k = n - 1; k >= 0; --k)
    y[k] = 0.0f;
}

__global__ void downgt(float *y, int n) {
  for (int k = n; k > 0; k--)
    y[k] = 0.0f;
}

__global__ void down3(float *y, int n) {
  for (int k = n; k >= 0; k -= 3)
    y[k] = 0.0f;
}

// CHECK-LABEL: "name": "down"
// CHECK: "global_stores": "n",
// CHECK: "totals": {
// CHECK: "global_stores": 1000,
// CHECK-LABEL: "name": "downgt"
// CHECK: "global_stores": "n",
// CHECK: "totals": {
// CHECK: "global_stores": 1000,
// CHECK-LABEL: "name": "down3"
// CHECK: "totals": {
// CHECK: "global_stores": 334,
