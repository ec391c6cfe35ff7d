// `((threadIdx.x / 32) & 1) == 0` picks the even warps of a block: the code
// after the early exit runs in the odd ones, half the threads exactly, and
// touches only their elements (32 KB of x's 64 KB; read, then written).
// RUN: %rl-analyze-stub %s --launch 'odd:grid=64,block=256' --bind n=16384 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void odd(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || ((threadIdx.x / 32) & 1) == 0)
    return;
  x[i] = x[i] * 2.0f;
}

// CHECK: "totals": {
// CHECK-NEXT: "flops": 8192,
// CHECK: "global_loads": 8192,
// CHECK: "global_stores": 8192,
// CHECK: "footprint_bytes": 32768,
// CHECK-NEXT: "dram_bytes": 65536,
// CHECK: "name": "x",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 32768,
// CHECK-NEXT: "footprint_exact": true,
