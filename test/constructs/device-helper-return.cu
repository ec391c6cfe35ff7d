// A __device__ function returning a value: its arithmetic is counted at each
// call, and its result is a register value, not memory.
// RUN: %rl-analyze-stub %s --launch 'poly:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__device__ float horner(float v) { return (v * 3.0f + 2.0f) * v + 1.0f; }

__global__ void poly(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  y[i] = horner(v) + horner(v + 1.0f);
}

// Two calls of 4 FLOPs, one add between them and one inside the argument.
// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "10",
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "4",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "4",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1280,
