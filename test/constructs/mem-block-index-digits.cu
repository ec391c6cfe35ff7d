// A 1D grid of 128x128 tiles of a 4096-wide matrix, the tile's row and
// column taken from the block index (`blockIdx.x / 32`, `blockIdx.x % 32`,
// written in tile units as `(8 * b) / 256`): the address is affine in the
// block index's digits, so the footprint is the 64 MiB matrix exactly and
// the copy reads and writes it once, not its requested bytes as a bound.
// RUN: %rl-analyze-stub %s --launch 'tiles:grid=1024,block=128' \
// RUN:   --format=json | FileCheck %s
// CHECK: "name": "tiles",
// CHECK: "footprint_bytes": 134217728,
// CHECK-NEXT: "dram_bytes": 134217728,
// CHECK: "name": "dst",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 67108864,
// CHECK-NEXT: "footprint_exact": true,
#include "cuda.h"

__global__ void tiles(float *dst, const float *src) {
  const unsigned row = ((8 * blockIdx.x) / 256) * 128;
  const unsigned col = ((8 * blockIdx.x) % 256) * 16;
  for (int r = 0; r < 128; ++r)
    dst[(row + r) * 4096 + col + threadIdx.x] =
        src[(row + r) * 4096 + col + threadIdx.x];
}
