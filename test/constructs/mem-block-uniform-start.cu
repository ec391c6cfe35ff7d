// A segment whose start the block reads from memory (merge sort's
// `src[start + threadIdx.x]` with a __shared__ start, the pointer moved
// first by a base the whole block shares) is no gather: its lanes keep
// their pattern, shifted by an unknown amount. Each request moves the
// pattern's sectors and one more for the unknown alignment: 4 + 1 for a
// warp's 32 consecutive floats, where a gather would take 32.
// RUN: %rl-analyze-stub %s --launch 'merge:grid=64,block=128' \
// RUN:   --bind stride=128 --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void merge(float *dst, float *src, const unsigned *limits,
                      unsigned stride) {
  __shared__ float tile[128];
  __shared__ unsigned start;
  const unsigned interval = blockIdx.x & (2 * stride / 128 - 1);
  src += (blockIdx.x - interval) * 128;
  if (threadIdx.x == 0)
    start = limits[blockIdx.x];
  __syncthreads();
  tile[threadIdx.x] = src[start + threadIdx.x];
  __syncthreads();
  dst[blockIdx.x * 128 + threadIdx.x] = tile[127 - threadIdx.x];
}

// 64 blocks x 4 warps = 256 requests of 5 sectors: 40960 bytes for the
// 32768 requested (a gather: 262144).
// CHECK-LABEL: "name": "merge"
// CHECK: "arrays": [
// CHECK: "name": "src",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": null,
// CHECK: "reads": 32768,
// CHECK: "load_sector_bytes": 40960,
// CHECK: accesses at a start the block reads from memory
