// A guard on the global index passes exactly min(n, threads) threads.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'saxpy:grid=4,block=256' --bind n=1000 --format=json | FileCheck %s --check-prefix=BOUND
#include "cuda.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// CHECK: "name": "saxpy"
// CHECK: "flops_fp32": "2*min(n, blockDim.x*gridDim.x)"
// CHECK: "unbound": [
// BOUND: "flops_by_precision": {
// BOUND: "fp32": 2000,
// BOUND: "global_load_bytes": 8000,
// BOUND: "global_store_bytes": 4000,
