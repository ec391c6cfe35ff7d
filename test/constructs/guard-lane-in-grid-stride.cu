// A lane guard inside a grid-stride loop: index i runs on thread
// i mod (gridDim.x * blockDim.x), whose threadIdx.x is i mod blockDim.x, so
// `threadIdx.x % 32 == 0` passes the indices that are multiples of 32 once
// blockDim.x is a multiple of 32. 1 << 16 indices give 2048 atomics, an
// assumption says why, and a launch whose block breaks it is warned about.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources \
// RUN:   --launch 'leaders:grid=16,block=48,n=65536' \
// RUN:   | FileCheck %s --check-prefix=ODD
#include "cuda.h"

__global__ void leaders(int *count, const int *src, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    if (threadIdx.x % 32 == 0)
      atomicAdd(count, src[i]);
  }
}

void run(int *count, const int *src) {
  leaders<<<64, 256>>>(count, src, 1 << 16);
}

// CHECK: "atomic_ops": 2048,
// CHECK: the guard at guard-lane-in-grid-stride.cu:15:9 on threadIdx modulo
// CHECK-SAME: 32 inside a grid-stride loop passes 1 of every 32 consecutive
// CHECK-SAME: indices: blockDim.x is a multiple of 32
// ODD: 'leaders' counts a grid-stride loop in groups of 32 consecutive
// ODD-SAME: threads but this launch has blockDim.x = 48, not a multiple of 32
