// A block-stride loop `for (k = threadIdx.x; k < n; k += blockDim.x)` covers
// n elements per block: gridDim.x * n iterations in all.
// RUN: %rl-analyze-stub %s --launch 'rows:grid=4,block=256' --bind n=1000 \
// RUN:   --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'rows:grid=4,block=256' --bind n=100 \
// RUN:   --format=json | FileCheck %s --check-prefix=SHORT
#include "cuda.h"

__global__ void rows(const float *A, float *B, int n) {
  for (int k = threadIdx.x; k < n; k += blockDim.x)
    B[blockIdx.x * n + k] = A[blockIdx.x * n + k] + 1.0f;
}

// CHECK: "formulas": {
// CHECK-NEXT: "flops": "gridDim.x*n",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 4000,
// CHECK: "global_stores": 4000,

// Fewer elements than threads: 100 per block.
// SHORT: "totals": {
// SHORT-NEXT: "flops": 400,
// SHORT: "global_stores": 400,
