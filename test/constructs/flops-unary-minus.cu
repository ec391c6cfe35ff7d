// Negating a float is a sign flip folded into the next instruction, not an
// add, subtract, multiply or divide: it is no FLOP.
// RUN: %rl-analyze-stub %s --launch 'neg:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void neg(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  y[i] = -v * v;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
