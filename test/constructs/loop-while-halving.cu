// A while loop that halves its counter as the last statement of its body
// (reduction's `while (ctaIndex >= 32) { ...; ctaIndex >>= 1; }`) is a
// halving loop: for 256 threads s is 128, 64, 32 and the guarded add runs
// 128 + 64 + 32 times per block. When the body reads the counter after the
// update, iterations would see two values: the count is left to the user.
// RUN: %rl-analyze-stub %s --launch 'treeTo32:grid=4,block=256' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'readAfter:grid=1,block=256' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=READ
#include "cuda.h"

__global__ void treeTo32(const float *in, float *out) {
  __shared__ float sh[1024];
  unsigned tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * blockDim.x + tid];
  unsigned s = blockDim.x >> 1;
  while (s >= 32) {
    __syncthreads();
    if (tid < s)
      sh[tid] += sh[tid + s];
    s >>= 1;
  }
  if (tid == 0)
    out[blockIdx.x] = sh[0];
}

__global__ void readAfter(float *out) {
  unsigned s = blockDim.x >> 1;
  while (s >= 32) {
    s >>= 1;
    out[s] = 1.0f;
  }
}

// 4 blocks * 224 adds.
// CHECK: "name": "treeTo32"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 896,
// CHECK: "range_reasons": []

// READ: remark: trip count of this loop is not derived
