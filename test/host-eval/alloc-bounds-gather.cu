// A gather through an index array has no footprint its addresses give: the
// buffer the program allocated bounds it. `table` is a 4096-float buffer
// (16 KB) read through 2^20 random indices; without the bound every lane
// would take its own sector, 32 MB of them, beyond the H200's L2, each read
// from DRAM. With it the launch's data fits in L2 and `table` is read once:
// 16 KB. `idx` and `out` have affine footprints within their buffers.
// RUN: %rl-analyze-stub %s --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void gather(const int *idx, const float *table, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0f * table[idx[i]];
}

int main() {
  int n = 1 << 20, m = 4096;
  int *idx;
  float *table, *out;
  cudaMalloc((void **)&idx, n * sizeof(int));
  cudaMalloc((void **)&table, m * sizeof(float));
  cudaMalloc((void **)&out, n * sizeof(float));
  gather<<<n / 256, 256>>>(idx, table, out, n);
  return 0;
}

// CHECK: "arrays": [
// CHECK: "name": "out",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 4194304,
// CHECK: "allocated_bytes": 4194304
// CHECK: "name": "table",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 16384,
// CHECK-NEXT: "footprint_exact": false,
// CHECK-NEXT: "footprint_rule": "bound (the buffer the program allocated)",
// CHECK: "dram_bytes": 16384,
// CHECK-NEXT: "allocated_bytes": 16384
// CHECK: "name": "idx",
// CHECK: "allocated_bytes": 4194304
// CHECK: "assumptions": [
// CHECK: 'table' read once (the launch's data fits in L2): 16.4 KB read
// CHECK-SAME: (no more than the 16.4 KB buffer the program allocated for it)
