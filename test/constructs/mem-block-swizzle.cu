// A block swizzle: the block picks its tile by a value the model does not
// have (`bx = (blockIdx.x + blockIdx.y) % gridDim.x` in one branch of an
// `if` on a flag read from memory, another value in the other; on sizes it
// knows, the value is the branch's). The value is the same for the
// whole block, so the accesses keep their lanes' pattern at an unknown
// shift, here a whole number of 128-byte rows: a warp's 32 floats are 4
// sectors, where a gather would take 32.
// RUN: %rl-analyze-stub %s --launch 'diag:grid=8x8,block=32x8' \
// RUN:   --bind width=256 --bind height=256 --gpu=H200 --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void diag(float *out, const float *in, const int *mode, int width,
                     int height) {
  int bx, by;
  if (mode[0] == 1) {
    by = blockIdx.x;
    bx = (blockIdx.x + blockIdx.y) % gridDim.x;
  } else {
    by = blockIdx.y;
    bx = blockIdx.x;
  }
  int x = bx * 32 + threadIdx.x;
  int y = by * 8 + threadIdx.y;
  out[y * width + x] = 2.0f * in[y * width + x];
}

// 64 blocks x 8 warps = 512 requests of 4 sectors: 65536 bytes each way.
// CHECK-LABEL: "name": "diag"
// CHECK: "name": "in",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": null,
// CHECK: "load_sector_bytes": 65536,
// CHECK: a tile the block chose by a value the model does not have
