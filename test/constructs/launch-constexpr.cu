// constexpr locals (and a constexpr at namespace scope) give the launch its
// numbers: grid = (5000 + 255) / 256 = 20.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

constexpr int kBlock = 256;

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y) {
  constexpr int n = 5000;
  scale<<<(n + kBlock - 1) / kBlock, kBlock>>>(y, n);
}

// CHECK: "grid": [
// CHECK-NEXT: 20,
// CHECK: "block": [
// CHECK-NEXT: 256,
// CHECK: "args": {
// CHECK-NEXT: "n": 5000
// CHECK: "totals": {
// CHECK-NEXT: "flops": 5000,
// CHECK: "unbound": [],
