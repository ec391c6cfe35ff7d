// Loop bounds from parameters: k = a .. b - 1 runs max(b - a, 0) times (none
// when a >= b), and `k < min(n, 8)` runs min(n, 8) times.
// RUN: %rl-analyze-stub %s --launch 'range:grid=1,block=1' \
// RUN:   --launch 'capped:grid=1,block=1' --bind a=10 --bind b=25 --bind n=100 \
// RUN:   --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'range:grid=1,block=1' \
// RUN:   --launch 'capped:grid=1,block=1' --bind a=30 --bind b=25 --bind n=3 \
// RUN:   --format=json | FileCheck %s --check-prefix=EMPTY
#include "cuda.h"

__global__ void range(float *y, int a, int b) {
  for (int k = a; k < b; ++k)
    y[k] = 0.0f;
}

__global__ void capped(float *y, int n) {
  for (int k = 0; k < min(n, 8); ++k)
    y[k] = 0.0f;
}

// CHECK-LABEL: "name": "range"
// CHECK: "global_stores": "max(-a + b, 0)",
// CHECK: "totals": {
// CHECK: "global_stores": 15,
// CHECK-LABEL: "name": "capped"
// CHECK: "global_stores": "min(n, 8)",
// CHECK: "totals": {
// CHECK: "global_stores": 8,

// EMPTY-LABEL: "name": "range"
// EMPTY: "totals": {
// EMPTY: "global_stores": 0,
// EMPTY-LABEL: "name": "capped"
// EMPTY: "totals": {
// EMPTY: "global_stores": 3,
