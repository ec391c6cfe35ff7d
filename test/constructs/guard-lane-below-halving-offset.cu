// A warp's tree reduction: `lane < offset` with lane = threadIdx.x % 32 and
// offset halving from 16 keeps offset lanes of every warp, counted exactly
// for each offset (16 + 8 + 4 + 2 + 1 = 31 adds per warp), not a
// 0 .. every-thread range. Written the other way round (`offset > lane`) it
// is the same guard.
// RUN: %rl-analyze-stub %s --launch 'lanes:grid=4,block=256' \
// RUN:   --launch 'reversed:grid=4,block=256' --format=json \
// RUN:   | FileCheck %s --implicit-check-not=range_reasons\"\:\ \[\"
#include "cuda.h"

__global__ void lanes(const float *in, float *out) {
  __shared__ float sh[256];
  unsigned tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned offset = 16; offset > 0; offset >>= 1) {
    if (tid % 32 < offset)
      sh[tid] += sh[tid + offset];
    __syncthreads();
  }
  if (tid % 32 == 0)
    out[blockIdx.x * 8 + tid / 32] = sh[tid];
}

__global__ void reversed(const float *in, float *out) {
  __shared__ float sh[256];
  unsigned tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned offset = 16; offset > 0; offset >>= 1) {
    if (offset > (tid & 31))
      sh[tid] += sh[tid + offset];
    __syncthreads();
  }
  if (tid % 32 == 0)
    out[blockIdx.x * 8 + tid / 32] = sh[tid];
}

// 4 blocks * 8 warps * 31 adds.
// CHECK: "name": "lanes",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 992,
// CHECK: "name": "reversed",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 992,
