// `if (i > 0 && i < n - 1)` skips both ends: n - 2 threads when the grid
// covers n.
// RUN: %rl-analyze-stub %s --launch 'interior:grid=4,block=256' --bind n=1000 \
// RUN:   --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'interior:grid=2,block=256' --bind n=1000 \
// RUN:   --format=json | FileCheck %s --check-prefix=SHORT
#include "cuda.h"

__global__ void interior(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    y[i] = x[i - 1] + x[i + 1];
}

// CHECK: "totals": {
// CHECK-NEXT: "flops": 998,
// CHECK: "global_loads": 1996,
// CHECK-NEXT: "global_load_bytes": 7984,
// CHECK-NEXT: "global_stores": 998,

// 512 threads: i = 1 .. 511 pass.
// SHORT: "totals": {
// SHORT-NEXT: "flops": 511,
