// A warp per row, the warps grid-striding over the rows: `r = global / 32;
// r < rows; r += gridDim.x * blockDim.x / 32`. Each row is summed once by
// its warp's 32 lanes whatever the grid (fewer warps than rows, or more),
// and only lane 0 stores. A block that is not a whole number of warps is
// warned about: the counts assume whole warps.
// RUN: %rl-analyze-stub %s --launch 'rowSums:grid=4,block=256' --bind rows=1000 --bind cols=4096 \
// RUN:   --format=json | FileCheck %s --check-prefix=FEW
// RUN: %rl-analyze-stub %s --launch 'rowSums:grid=200,block=256' --bind rows=1000 --bind cols=4096 \
// RUN:   --format=json | FileCheck %s --check-prefix=MANY
// RUN: %rl-analyze-stub %s --launch 'rowSumsDigits:grid=16,block=128' --bind rows=1000 --bind cols=4096 \
// RUN:   --format=json | FileCheck %s --check-prefix=DIGITS
// RUN: %rl-analyze-stub %s --launch 'rowSums:grid=4,block=48' --bind rows=1000 --bind cols=4096 \
// RUN:   2>&1 | FileCheck %s --check-prefix=PARTIAL
#include "cuda.h"

__global__ void rowSums(const float *m, float *sums, int rows, int cols) {
  const int lane = threadIdx.x % 32;
  const int warps = gridDim.x * blockDim.x / 32;
  for (int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32; r < rows;
       r += warps) {
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
      s += m[(size_t)r * cols + c];
    if (lane == 0)
      sums[r] = s;
  }
}

// The warp and block digits written apart: warp-in-block plus the block's
// first warp, stepping by the grid's warps.
__global__ void rowSumsDigits(const float *m, float *sums, int rows,
                              int cols) {
  const int lane = threadIdx.x & 31;
  for (int r = threadIdx.x / 32 + blockIdx.x * (blockDim.x / 32); r < rows;
       r += gridDim.x * (blockDim.x / 32)) {
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
      s += m[(size_t)r * cols + c];
    if (lane == 0)
      sums[r] = s;
  }
}

// 1000 rows of 4096 floats: 4096000 adds and loads, a store per row.
// FEW: "name": "rowSums"
// FEW: "totals": {
// FEW-NEXT: "flops": 4096000,
// FEW: "global_load_bytes": 16384000,
// FEW-NEXT: "global_stores": 1000,

// MANY: "name": "rowSums"
// MANY: "totals": {
// MANY-NEXT: "flops": 4096000,
// MANY: "global_load_bytes": 16384000,
// MANY-NEXT: "global_stores": 1000,

// DIGITS: "name": "rowSumsDigits"
// DIGITS: "totals": {
// DIGITS-NEXT: "flops": 4096000,
// DIGITS: "global_load_bytes": 16384000,
// DIGITS-NEXT: "global_stores": 1000,

// PARTIAL: warning: 'rowSums' counts a grid-stride loop in groups of 32
// PARTIAL-SAME: consecutive threads but this launch has blockDim.x = 48, not
// PARTIAL-SAME: a multiple of 32
