// Two launch sites of one kernel give two entries, each with its own site and
// numbers.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y) {
  // CHECK-LABEL: "name": "scale"
  // CHECK: "args": {
  // CHECK-NEXT: "n": 100
  // CHECK: "line": [[@LINE+1]],
  scale<<<1, 128>>>(y, 100);
  // CHECK: "totals": {
  // CHECK-NEXT: "flops": 100,

  // CHECK-LABEL: "name": "scale"
  // CHECK: "args": {
  // CHECK-NEXT: "n": 5000
  // CHECK: "line": [[@LINE+1]],
  scale<<<20, 256>>>(y, 5000);
  // CHECK: "totals": {
  // CHECK-NEXT: "flops": 5000,
}
