// A pointer computed from a kernel parameter (row = A + r * n) still points to
// global memory: row[k] is a global load.
// RUN: %rl-analyze-stub %s --launch 'rowsum:grid=2,block=64' --bind n=10 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void rowsum(const float *A, float *y, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = A + r * n;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += row[k];
  y[r] = acc;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "n",
// CHECK: "global_loads": "n",
// CHECK-NEXT: "global_load_bytes": "4*n",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "4",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1280,
// CHECK: "global_loads": 1280,
// CHECK-NEXT: "global_load_bytes": 5120,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
