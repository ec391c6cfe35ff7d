// dim3 variables declared in the host function carry their dimensions to the
// launch, including copies.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void clear2d(float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N)
    C[row * N + col] = 0.0f;
}

void run(float *C) {
  const int N = 100;
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (N + block.y - 1) / block.y);
  dim3 copy = grid;
  clear2d<<<copy, block>>>(C, N);
}

// CHECK: "grid": [
// CHECK-NEXT: 7,
// CHECK-NEXT: 7,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block": [
// CHECK-NEXT: 16,
// CHECK-NEXT: 16,
// CHECK-NEXT: 1
// CHECK: "totals": {
// CHECK: "global_stores": 10000,
