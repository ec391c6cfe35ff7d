// A float2 element is 8 bytes: one load and one store of 8 bytes per thread.
// RUN: %rl-analyze-stub %s --launch 'swap2:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void swap2(const float2 *in, float2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = in[i];
  float t = v.x;
  v.x = v.y;
  v.y = t;
  out[i] = v;
}

// CHECK: "per_thread": {
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "8",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "8",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 1024,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 1024,
