// A grid-stride loop whose index is written with __umul24 (cuda-samples'
// MUL(a, b) macro) is a grid-stride loop: __umul24(a, b) is a * b for the
// index values it multiplies.
// RUN: %rl-analyze-stub %s --launch 'fill:grid=64,block=128' --bind n=100000 \
// RUN:   --format=json | FileCheck %s --implicit-check-not=rl-unknown-trip-count
#include "cuda.h"

__device__ unsigned int __umul24(unsigned int a, unsigned int b);

__global__ void fill(float *y, unsigned int n) {
  unsigned int tid = __umul24(blockDim.x, blockIdx.x) + threadIdx.x;
  unsigned int threads = __umul24(blockDim.x, gridDim.x);
  for (unsigned int pos = tid; pos < n; pos += threads)
    y[pos] = 1.0f;
}

// CHECK: "totals": {
// CHECK: "global_stores": 100000,
