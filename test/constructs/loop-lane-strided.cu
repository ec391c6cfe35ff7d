// A warp per row: each lane walks the row 32 apart (`for (c = lane; c < cols;
// c += 32)`) under a guard on the warp's global number, and lane 0 stores.
// The trip count depends on threadIdx.x % 32 alone, so it is summed over the
// threads exactly, and the store is one sector per warp, not a 32nd of one.
// RUN: %rl-analyze-stub %s --launch 'rowsum:grid=3,block=96' --bind rows=7 \
// RUN:   --bind cols=40 --format=json | FileCheck %s
#include "cuda.h"

__global__ void rowsum(const float *x, float *y, int rows, int cols) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (warp >= rows)
    return;
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32)
    s += x[warp * cols + c];
  if (lane == 0)
    y[warp] = s;
}

// 9 warps launched, 7 rows: 7 * 40 loads and adds, 7 stores.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 280,
// CHECK: "global_loads": 280,
// CHECK-NEXT: "global_load_bytes": 1120,
// CHECK-NEXT: "global_stores": 7,
// CHECK: "arrays": [
// CHECK: "name": "y",
// CHECK: "store_sector_bytes": 224,
// CHECK: "range_reasons": [],
