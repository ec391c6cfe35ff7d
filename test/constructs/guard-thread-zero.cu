// `if (threadIdx.x == 0)` runs in one thread per block, `threadIdx.x < 32` in
// one warp per block, `blockIdx.x == 0` in one block.
// RUN: %rl-analyze-stub %s --launch 'first:grid=4,block=256' \
// RUN:   --launch 'warp:grid=4,block=256' --launch 'block0:grid=4,block=256' \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void first(const float *x, float *y) {
  if (threadIdx.x == 0)
    y[blockIdx.x] = x[blockIdx.x] * 2.0f;
}

__global__ void warp(float *y) {
  if (threadIdx.x < 32)
    y[blockIdx.x * 32 + threadIdx.x] = 0.0f;
}

__global__ void block0(float *y) {
  if (blockIdx.x == 0)
    y[threadIdx.x] = 0.0f;
}

// CHECK-LABEL: "name": "first"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 4,
// CHECK: "global_loads": 4,
// CHECK-NEXT: "global_load_bytes": 16,
// CHECK-NEXT: "global_stores": 4,
// CHECK: "range_reasons": [],
// CHECK-LABEL: "name": "warp"
// CHECK: "totals": {
// CHECK: "global_stores": 128,
// CHECK: "range_reasons": [],
// CHECK-LABEL: "name": "block0"
// CHECK: "totals": {
// CHECK: "global_stores": 256,
// CHECK: "range_reasons": [],
