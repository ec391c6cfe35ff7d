// A condition on a scalar parameter (`if (n > 1024)`) is the same in every
// thread: once n is bound, the taken branch is counted exactly, no range.
// RUN: %rl-analyze-stub %s --launch 'big:grid=1,block=32' --bind n=2000 \
// RUN:   --format=json | FileCheck %s --check-prefix=TAKEN
// RUN: %rl-analyze-stub %s --launch 'big:grid=1,block=32' --bind n=20 \
// RUN:   --format=json | FileCheck %s --check-prefix=SKIPPED
#include "cuda.h"

__global__ void big(const float *x, float *y, int n) {
  int i = threadIdx.x;
  if (n > 1024)
    y[i] = x[i] * 2.0f;
  else
    y[i] = 0.0f;
}

// TAKEN: "totals": {
// TAKEN-NEXT: "flops": 32,
// TAKEN: "global_loads": 32,
// TAKEN-NEXT: "global_load_bytes": 128,
// TAKEN-NEXT: "global_stores": 32,
// TAKEN: "range_reasons": [],

// SKIPPED: "totals": {
// SKIPPED-NEXT: "flops": 0,
// SKIPPED: "global_loads": 0,
// SKIPPED-NEXT: "global_load_bytes": 0,
// SKIPPED-NEXT: "global_stores": 32,
// SKIPPED: "range_reasons": [],
