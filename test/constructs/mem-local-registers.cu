// Local variables and local arrays live in registers: reading and writing
// them moves no memory bytes.
// RUN: %rl-analyze-stub %s --launch 'locals:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void locals(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r[4];
  float v = x[i];
  for (int k = 0; k < 4; ++k)
    r[k] = v;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k)
    acc += r[k];
  y[i] = acc;
}

// One global load (x[i]) and one store (y[i]); r[] and acc cost nothing.
// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "4",
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "4",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "4",
// CHECK-NEXT: "shared_load_bytes": "0",
// CHECK-NEXT: "shared_store_bytes": "0",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 512,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
// CHECK: "dram_bytes": 1024,
