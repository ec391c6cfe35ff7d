// A __device__ function with a reference parameter bound to a global element:
// reading and writing through the reference are a global load and store.
// RUN: %rl-analyze-stub %s --launch 'acc:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__device__ void addTo(float &dst, float v) { dst += v; }

__device__ float twice(const float &src) { return src * 2.0f; }

__global__ void acc(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  addTo(y[i], twice(x[i]));
}

// Loads: x[i] through src, y[i] through dst. Store: y[i] through dst.
// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "2",
// CHECK: "global_loads": "2",
// CHECK-NEXT: "global_load_bytes": "8",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "4",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 256,
// CHECK: "global_load_bytes": 1024,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
