// `k != n` with step 1 runs n times, like `k < n`.
// RUN: %rl-analyze-stub %s --launch 'ne:grid=1,block=1' --bind n=1000 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void ne(float *y, int n) {
  for (int k = 0; k != n; ++k)
    y[k] = 0.0f;
}

// CHECK: "per_thread": {
// CHECK: "global_stores": "n",
// CHECK: "totals": {
// CHECK: "global_stores": 1000,
