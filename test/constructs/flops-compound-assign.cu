// Compound assignments on floats count their arithmetic: +=, -=, *=, /= are
// one FLOP each.
// RUN: %rl-analyze-stub %s --launch 'compound:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void compound(float *out, float a, float b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a;
  x += b;
  x -= b;
  x *= b;
  x /= b;
  x += b;
  out[i] = x;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "5",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 640,
// CHECK: "fp32": 640,
// CHECK-NEXT: "fp64": 0
