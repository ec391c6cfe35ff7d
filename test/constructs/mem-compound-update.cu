// y[i] += x[i] reads y[i] and x[i] and writes y[i]: 8 bytes loaded, 4 stored.
// RUN: %rl-analyze-stub %s --launch 'update:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void update(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] += x[i];
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "1",
// CHECK: "global_loads": "2",
// CHECK-NEXT: "global_load_bytes": "8",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "4",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "global_loads": 256,
// CHECK-NEXT: "global_load_bytes": 1024,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
// CHECK: "dram_bytes": 1536,
