// __shared__ array accesses count in shared_load_bytes and
// shared_store_bytes, not in the global bytes; __syncthreads is a barrier.
// RUN: %rl-analyze-stub %s --launch 'reverse:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void reverse(const float *x, float *y) {
  __shared__ float tile[64];
  __shared__ double scratch[64];
  int t = threadIdx.x;
  tile[t] = x[blockIdx.x * 64 + t];
  scratch[t] = 0.0;
  __syncthreads();
  y[blockIdx.x * 64 + t] = tile[63 - t] + scratch[63 - t];
}

// Shared: stores 4 + 8, loads 4 + 8 bytes per thread. Global: 4 + 4.
// CHECK: "per_thread": {
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "4",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "4",
// CHECK-NEXT: "shared_load_bytes": "12",
// CHECK-NEXT: "shared_store_bytes": "12",
// CHECK-NEXT: "atomic_ops": "0",
// CHECK-NEXT: "atomic_bytes": "0",
// CHECK-NEXT: "barriers": "1",
// CHECK-NEXT: "hardware_flops": "1",
// CHECK-NEXT: "texture_fetches": "0",
// CHECK-NEXT: "dram_bytes": "8"
// CHECK: "totals": {
// CHECK: "global_load_bytes": 512,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
// CHECK-NEXT: "shared_load_bytes": 1536,
// CHECK-NEXT: "shared_store_bytes": 1536,
// CHECK: "barriers": 128,
// CHECK: "dram_bytes": 1024,
