// A radix-4 tree reduction shifts by two bits per trip (`s >>= 2`): for 256
// threads s is 64, 16, 4, 1 (4 trips) and the guarded three adds run for
// 64 + 16 + 4 + 1 threads. A counter multiplied by 4 (`w *= 4`) below 100
// takes 1, 4, 16, 64.
// RUN: %rl-analyze-stub %s --launch 'reduce4:grid=4,block=256' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'powersOfFour:grid=1,block=32' \
// RUN:   --bind n=100 --format=json | FileCheck %s --check-prefix=POW
#include "cuda.h"

__global__ void reduce4(const float *in, float *out) {
  __shared__ float sh[1024];
  int tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = blockDim.x / 4; s > 0; s >>= 2) {
    if (tid < s)
      sh[tid] += sh[tid + s] + sh[tid + 2 * s] + sh[tid + 3 * s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sh[0];
}

__global__ void powersOfFour(float *out, int n) {
  float acc = 0.0f;
  for (int w = 1; w < n; w *= 4)
    acc += 0.5f * out[w];
  out[threadIdx.x] = acc;
}

// 4 blocks * 3 * 85 adds; barriers 1 + 4 per thread.
// CHECK: "name": "reduce4"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1020,
// CHECK: "range_reasons": []

// 4 trips * 2 FLOPs * 32 threads.
// POW: "name": "powersOfFour"
// POW: "totals": {
// POW-NEXT: "flops": 256,
// POW: "global_loads": 128,
// POW: "range_reasons": []
