// A shared tile read down its columns with a rotating column index
// (`(threadIdx.y + r) % 32`) is not affine in the loop, but the lanes of a
// warp differ only in threadIdx.x, 128 bytes apart: every read is a 32-way
// bank conflict. The lanes are sampled one by one, so the L1/shared bytes
// are 32 wavefronts per request (269 MB), not the 8.39 MB requested
// (measured: docs/accuracy/ladders11's column_tile_8_blocks, 135 us on an
// H100 against 134 us predicted).
// RUN: %rl-analyze-stub %s --launch 'rotated:grid=8,block=32x32' \
// RUN:   --bind reps=256 | FileCheck %s
#include "cuda.h"

__global__ void rotated(const float *in, float *out, int reps) {
  __shared__ float tile[32][32];
  int base = blockIdx.x * 1024;
  tile[threadIdx.y][threadIdx.x] = in[base + threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int r = 0; r < reps; ++r)
    s += tile[threadIdx.x][(threadIdx.y + r) % 32];
  out[base + threadIdx.y * 32 + threadIdx.x] = s;
}
// CHECK: other shared load 8.39 MB shared store 32.8 KB
// CHECK: memory footprint 65.5 KB, DRAM 65.5 KB, L2 65.5 KB, L1 269 MB
// CHECK: H200 l1 134 us
