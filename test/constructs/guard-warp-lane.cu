// Guards on a decomposed thread index count exactly: warp = threadIdx.x / 32
// and lane = threadIdx.x % 32 (or >> 5 and & 31) are an interval and a set
// of residues of threadIdx.x, not a {0, all} range.
// RUN: %rl-analyze-stub %s --launch 'warps:grid=2,block=128' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'rows:grid=10,block=256' --bind N=75 \
// RUN:   --format=json | FileCheck %s --check-prefix=ROWS
#include "cuda.h"

__global__ void warps(const float *x, float *y) {
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  // The first warp of each block: 32 threads.
  if (warp == 0)
    y[lane] = x[lane] * 2.0f;
  // Half of each warp: 64 threads of 128.
  if (lane < 16)
    y[32 + warp * 16 + lane] = x[warp * 32 + lane] * 3.0f;
  // Warps 2 and 3: 64 threads, no FLOP.
  if ((threadIdx.x >> 5) >= 2)
    y[100 + (threadIdx.x & 31)] = 1.0f;
}

// Two blocks: FLOPs and loads 2 * (32 + 64), stores 2 * (32 + 64 + 64).
// CHECK: "totals": {
// CHECK-NEXT: "flops": 192,
// CHECK: "global_loads": 192,
// CHECK-NEXT: "global_load_bytes": 768,
// CHECK-NEXT: "global_stores": 320,
// CHECK: "range_reasons": [],

// Eight rows of 32 per block of 256, rows below N = 75: 75 * 32 threads.
// The guard takes blockIdx.x * 8 + threadIdx.x / 32 as the row, which holds
// when blockDim.x == 256 (stated).
__global__ void rows(const float *A, float *B, int N) {
  int row = blockIdx.x * 8 + threadIdx.x / 32;
  int col = threadIdx.x % 32;
  if (row < N)
    B[row * 32 + col] = A[row * 32 + col] + 1.0f;
}

// ROWS: "name": "rows",
// ROWS: "totals": {
// ROWS-NEXT: "flops": 2400,
// ROWS: "global_loads": 2400,
// ROWS: "assumptions": [
// ROWS: blockDim.x == 256
// ROWS: "range_reasons": [],
