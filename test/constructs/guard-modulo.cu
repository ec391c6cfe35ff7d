// Modular conditions on one thread index are counted exactly: warp leaders
// (`lane == 0` with lane = threadIdx.x % 32, or `(threadIdx.x & 31) == 0`),
// every other element of a grid-stride loop, and their complements.
// RUN: %rl-analyze-stub %s --launch 'leaders:grid=3,block=100' \
// RUN:   --launch 'masked:grid=3,block=100' --launch 'odd:grid=2,block=64' \
// RUN:   --launch 'others:grid=3,block=100' --bind n=1001 --format=json \
// RUN:   | FileCheck %s --implicit-check-not=range_reasons\"\:\ \[\"
#include "cuda.h"

__global__ void leaders(float *out) {
  int lane = threadIdx.x % 32;
  if (lane == 0)
    out[blockIdx.x] = 1.0f;
}

__global__ void masked(float *out) {
  if ((threadIdx.x & 31) == 0)
    out[blockIdx.x] = 1.0f;
}

__global__ void odd(float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    if (i % 2 == 1)
      y[i] = 0.0f;
}

__global__ void others(float *out) {
  if (threadIdx.x % 32 != 0)
    out[threadIdx.x] = 1.0f;
}

// 100 threads per block: lanes 0, 32, 64, 96 lead a warp; 3 blocks.
// CHECK-LABEL: "name": "leaders"
// CHECK: "global_stores": 12,
// CHECK: "range_reasons": [],
// CHECK-LABEL: "name": "masked"
// CHECK: "global_stores": 12,
// CHECK: "range_reasons": [],
// The odd indices below 1001: 500.
// CHECK-LABEL: "name": "odd"
// CHECK: "global_stores": 500,
// CHECK: "range_reasons": [],
// CHECK-LABEL: "name": "others"
// CHECK: "global_stores": 288,
// CHECK: "range_reasons": [],
