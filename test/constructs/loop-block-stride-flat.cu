// A block-stride loop over the block's linear thread index (`e = threadIdx.y
// * blockDim.x + threadIdx.x; e += blockDim.x * blockDim.y`, a halo tile
// staged by a 2D block) covers its bound once per block: 1600 loads per
// block, whatever the block's shape.
// RUN: %rl-analyze-stub %s --launch 'tile:grid=4,block=32x32' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'tile:grid=4,block=16x8' --format=json \
// RUN:   | FileCheck %s
// Written with the tile's sizes as constants (rows of 16, stepping 256), the
// loop assumes a 16x16 block and says so; another shape is flagged.
// RUN: %rl-analyze-stub %s --launch 'tile_const:grid=4,block=16x16' \
// RUN:   --format=json | FileCheck %s --check-prefix=CONST
// RUN: %rl-analyze-stub %s --launch 'tile_const:grid=4,block=32x8' \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=MISMATCH
// A body that still tells the flattened threads apart (it reads threadIdx.y)
// is not flattened: its count stays per thread, and the bound launch sums it
// thread by thread over a block (1600 loads per block), saying so.
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

__global__ void tile_const(const float *in, float *out) {
  __shared__ float t[1600];
  for (int e = threadIdx.y * 16 + threadIdx.x; e < 1600; e += 256)
    t[e] = in[blockIdx.x * 1600 + e];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x];
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
// ROWS: "global_loads": 6400,
// ROWS: averaged thread by thread over one block

// CONST: "name": "tile_const",
// CONST: "totals": {
// CONST: "global_loads": 6400,
// CONST: walks the block's threads in rows of 16, stepping 256: blockDim.x == 16, blockDim.y == 16
// MISMATCH: warning: {{.*}}blockDim.x{{.*}} [rl-block-size-mismatch]
