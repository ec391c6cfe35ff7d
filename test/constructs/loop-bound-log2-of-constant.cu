// An integer counter compared with a math function of a constant, as
// Rodinia's backprop writes its tree reduction (`i <= __log2f(HEIGHT)`):
// log2, exp2 and pow(2, x) of constants are folded where the result is a
// whole number, so the loop runs 4 and 3 times.
// RUN: %rl-analyze-stub %s --launch 'tree:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

#define HEIGHT 16
__device__ float __log2f(float);
__device__ float exp2f(float);

__global__ void tree(float *x) {
  float acc = 0.0f;
  for (int i = 1; i <= __log2f(HEIGHT); i++)
    acc += x[threadIdx.x];
  for (int j = 0; j < __log2f(exp2f(3)); j++)
    acc += x[threadIdx.x];
  x[threadIdx.x] = acc;
}

// 7 adds and 7 loads per thread, 32 threads.
// CHECK: "name": "tree"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 224,
// CHECK: "global_loads": 224,
