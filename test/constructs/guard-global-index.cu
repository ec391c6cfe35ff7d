// `if (i < n)` on the global index passes min(n, threads) threads: n when the
// grid overshoots, every thread when n is larger.
// RUN: %rl-analyze-stub %s --launch 'guarded:grid=4,block=256' --bind n=1000 \
// RUN:   --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'guarded:grid=4,block=256' --bind n=5000 \
// RUN:   --format=json | FileCheck %s --check-prefix=BIG
#include "cuda.h"

__global__ void guarded(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * 3.0f;
}

// CHECK: "formulas": {
// CHECK-NEXT: "flops": "min(n, blockDim.x*gridDim.x)",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
// The guard itself is evaluated by every launched thread.
// CHECK: "compare_ops": 1024,
// CHECK-NEXT: "global_loads": 1000,
// CHECK-NEXT: "global_load_bytes": 4000,
// CHECK-NEXT: "global_stores": 1000,
// CHECK: "range_reasons": [],

// BIG: "totals": {
// BIG-NEXT: "flops": 1024,
// BIG: "global_stores": 1024,
