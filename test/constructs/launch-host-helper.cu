// A small __host__ helper `ceil_div(a, b)` returning (a + b - 1) / b is
// evaluated at the launch site: ceil_div(700, 128) = 6.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__host__ int ceil_div(int a, int b) { return (a + b - 1) / b; }

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y) {
  int n = 700;
  scale<<<ceil_div(n, 128), 128, 512>>>(y, n);
}

// CHECK: "grid": [
// CHECK-NEXT: 6,
// CHECK: "block": [
// CHECK-NEXT: 128,
// CHECK: "dynamic_smem": 512,
// CHECK-NEXT: "args": {
// CHECK-NEXT: "n": 700
// CHECK: "totals": {
// CHECK-NEXT: "flops": 700,
// CHECK: "unbound": [],
