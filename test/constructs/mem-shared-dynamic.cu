// extern __shared__ (dynamic shared memory, sized by the launch) is shared
// memory too.
// RUN: %rl-analyze-stub %s --launch 'dyn:grid=2,block=64,smem=256' \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void dyn(const float *x, float *y) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  buf[t] = x[blockIdx.x * blockDim.x + t];
  __syncthreads();
  y[blockIdx.x * blockDim.x + t] = buf[blockDim.x - 1 - t];
}

// CHECK: "dynamic_smem": 256,
// CHECK: "totals": {
// CHECK: "global_load_bytes": 512,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
// CHECK-NEXT: "shared_load_bytes": 512,
// CHECK-NEXT: "shared_store_bytes": 512,
