// Stream compaction: `out[atomicAdd(count, 1)] = v` stores each kept value
// at a slot the counter hands out. The slots are dense and a warp's are
// consecutive, so a request moves its lanes' sectors and one more for the
// unknown start, not a sector per lane as a scatter through data would.
// RUN: %rl-analyze-stub %s --launch 'keep:grid=64,block=128' \
// RUN:   --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void keep(int *out, unsigned *count, const int *in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (v > 0) {
    unsigned slot = atomicAdd(count, 1u);
    out[slot] = v;
  }
}

// 64 blocks x 4 warps = 256 requests of 4 + 1 sectors: 40960 bytes at
// most (a scatter: 262144).
// CHECK-LABEL: "name": "keep"
// CHECK: "name": "out",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": null,
// CHECK: "store_sector_bytes": 40960,
// CHECK: fill consecutive slots in lane order
