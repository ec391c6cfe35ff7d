// Launch dimensions written with #define macros and a literal argument.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

#define THREADS 128
#define BLOCKS(n) (((n) + THREADS - 1) / THREADS)
#define N 1200

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y) { scale<<<BLOCKS(N), THREADS>>>(y, N); }

// CHECK: "grid": [
// CHECK-NEXT: 10,
// CHECK: "block": [
// CHECK-NEXT: 128,
// CHECK: "args": {
// CHECK-NEXT: "n": 1200
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1200,
