// Launch dimensions and arguments from local `const int` variables in the
// host function are constants: grid = (1000 + 255) / 256 = 4.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y) {
  const int n = 1000;
  const int block = 256;
  // CHECK: "launch": {
  // CHECK-NEXT: "grid": [
  // CHECK-NEXT: 4,
  // CHECK-NEXT: 1,
  // CHECK-NEXT: 1
  // CHECK-NEXT: ],
  // CHECK-NEXT: "block": [
  // CHECK-NEXT: 256,
  // CHECK-NEXT: 1,
  // CHECK-NEXT: 1
  // CHECK-NEXT: ],
  // CHECK-NEXT: "dynamic_smem": 0,
  // CHECK-NEXT: "args": {
  // CHECK-NEXT: "n": 1000
  // CHECK-NEXT: },
  // CHECK-NEXT: "source": "launch-site",
  // CHECK-NEXT: "site": {
  // CHECK-NEXT: "file": "{{.*}}launch-const-int.cu",
  // CHECK-NEXT: "line": [[@LINE+3]],
  // CHECK-NEXT: "column": 3
  // CHECK-NEXT: },
  scale<<<(n + block - 1) / block, block>>>(y, n);
}

// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
// CHECK: "unbound": [],
