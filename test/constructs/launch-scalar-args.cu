// Scalar kernel arguments at the launch bind the kernel's parameters by
// position (pointers take no value): n drives the loop, a float is recorded.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void axpyn(int m, float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    y[i] = a * x[i] + y[i];
}

void run(const float *x, float *y) {
  const int reps = 3;
  axpyn<<<2, 64>>>(7, 2.5f, x, y, reps);
}

// CHECK: "args": {
// CHECK-DAG: "m": 7{{,?$}}
// CHECK-DAG: "a": 2.5{{,?$}}
// CHECK-DAG: "n": 3{{,?$}}
// CHECK: "source": "launch-site",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 768,
// CHECK: "unbound": [],
