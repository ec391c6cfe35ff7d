// A block-stride loop over the block's linear thread index (`e = threadIdx.y
// * blockDim.x + threadIdx.x; e += blockDim.x * blockDim.y`, a halo tile
// staged by a 2D block) covers its bound once per block: 1600 loads per
// block, whatever the block's shape.
// RUN: %rl-analyze-stub %s --launch 'tile:grid=4,block=32x32' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'tile:grid=4,block=16x8' --format=json \
// RUN:   | FileCheck %s
// A body that still tells the flattened threads apart (it reads threadIdx.y)
// is not flattened: its count stays per thread and is said to be unknown.
// RUN: %rl-analyze-stub %s --launch 'tile_rows:grid=4,block=32x32' \
// RUN:   --format=json | FileCheck %s --check-prefix=ROWS
#include "cuda.h"

__global__ void tile(const float *in, float *out) {
  __shared__ float t[1600];
  int tid = threadIdx.y * blockDim.x + threadIdx.x;
  for (int e = tid; e < 1600; e += blockDim.x * blockDim.y)
    t[e] = in[blockIdx.x * 1600 + e];
  __syncthreads();
  out[blockIdx.x * 1024 + tid] = t[tid % 1024];
}

__global__ void tile_rows(const float *in, float *out) {
  __shared__ float t[1600];
  int tid = threadIdx.y * blockDim.x + threadIdx.x;
  for (int e = tid; e < 1600; e += blockDim.x * blockDim.y)
    t[e] = in[blockIdx.x * 1600 + e] * threadIdx.y;
  __syncthreads();
  out[blockIdx.x * 1024 + tid] = t[tid];
}

// CHECK: "name": "tile",
// CHECK: "global_loads": "1600*gridDim.x*gridDim.y",
// CHECK: "totals": {
// CHECK: "global_loads": 6400,
// CHECK: "footprint_bytes": 25600,

// ROWS: "name": "tile_rows",
// ROWS: "totals": {
// ROWS: "global_loads": null,
// ROWS: 'global_loads' still depends on the thread index
