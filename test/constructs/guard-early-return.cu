// An early `if (i >= n) return;` guards the rest of the kernel like
// `if (i < n)`.
// RUN: %rl-analyze-stub %s --launch 'early:grid=4,block=256' --bind n=1000 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void early(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  y[i] = x[i] + 1.0f;
}

// CHECK: "formulas": {
// CHECK-NEXT: "flops": "min(n, blockDim.x*gridDim.x)",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
// CHECK: "global_loads": 1000,
// CHECK-NEXT: "global_load_bytes": 4000,
// CHECK-NEXT: "global_stores": 1000,
// CHECK: "range_reasons": [],
