// A counted loop `for (k = 0; k < n; ++k)` runs n times in every thread.
// RUN: %rl-analyze-stub %s --launch 'fill:grid=2,block=64' --bind n=1000 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void fill(float *y, int n) {
  for (int k = 0; k < n; ++k)
    y[k] = 0.0f;
}

// CHECK: "per_thread": {
// CHECK: "global_stores": "n",
// CHECK: "formulas": {
// CHECK: "global_stores": "blockDim.x*gridDim.x*n",
// CHECK: "totals": {
// CHECK: "global_stores": 128000,
// CHECK-NEXT: "global_store_bytes": 512000,
