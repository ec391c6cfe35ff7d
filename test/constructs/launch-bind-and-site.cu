// --bind on the command line wins over the value a launch site gives, and the
// entry's launch.args shows the value the totals were computed with.
// RUN: %rl-analyze-stub %s --bind n=3000 --format=json | FileCheck %s
#include "cuda.h"

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y) { scale<<<20, 256>>>(y, 1000); }

// 5120 threads, n = 3000: 3000 FLOPs.
// CHECK: "args": {
// CHECK-NEXT: "n": 3000
// CHECK: "totals": {
// CHECK-NEXT: "flops": 3000,
