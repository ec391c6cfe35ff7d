// A __device__ helper taking a pointer and an index is followed into: the
// load inside it is a global load of the caller's array, counted per call.
// RUN: %rl-analyze-stub %s --launch 'gather:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'gather:grid=2,block=64' \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG \
// RUN:       --implicit-check-not=warning: --implicit-check-not=note:
#include "cuda.h"

__device__ float at(const float *p, int k) { return p[k]; }

__device__ void put(float *p, int k, float v) { p[k] = v * 2.0f; }

__global__ void gather(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  put(y, i, at(x, i) + at(x, i + 1));
}

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

// DIAG: remark: gather is launch-bound
