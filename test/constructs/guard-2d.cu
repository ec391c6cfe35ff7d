// `if (row < N && col < N)` on a 2D grid passes min(N, rows) * min(N, cols)
// threads: 50 * 50 = 2500 of the 64 * 64 launched.
// RUN: %rl-analyze-stub %s --launch 'clear2d:grid=4x4,block=16x16' \
// RUN:   --bind N=50 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'clear2d:grid=4x2,block=16x16' \
// RUN:   --bind N=50 --format=json | FileCheck %s --check-prefix=RECT
#include "cuda.h"

__global__ void clear2d(float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N)
    C[row * N + col] = 0.0f;
}

// CHECK: "formulas": {
// CHECK: "global_stores": "min(N, blockDim.x*gridDim.x)*min(N, blockDim.y*gridDim.y)",
// CHECK: "totals": {
// CHECK: "global_stores": 2500,
// CHECK-NEXT: "global_store_bytes": 10000,

// 32 rows launched, 50 columns pass: 1600.
// RECT: "totals": {
// RECT: "global_stores": 1600,
