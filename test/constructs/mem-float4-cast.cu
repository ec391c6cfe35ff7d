// A float array read and written through reinterpret_cast<float4 *> moves 16
// bytes per access, one access per thread.
// RUN: %rl-analyze-stub %s --launch 'copy4:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void copy4(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(in)[i];
  v.x = v.x + v.w;
  reinterpret_cast<float4 *>(out)[i] = v;
}

// The member access on the local copy is register work.
// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "1",
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "16",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "16",
// CHECK: "totals": {
// CHECK: "global_loads": 128,
// CHECK-NEXT: "global_load_bytes": 2048,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 2048,
