// A dim3 changed after its declaration (g.x = 7) must not be read as its
// initial value: the launch gets 7 blocks, or an unknown grid with a note,
// never the stale 2.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y) {
  dim3 g(2);
  g.x = 7;
  scale<<<g, 64>>>(y, 400);
}

// CHECK: "grid": [
// CHECK-NEXT: {{7|null}},
// CHECK: "totals": {
// CHECK-NEXT: "flops": {{400|null}},
