// Seed: SAXPY (y = a * x + y) does 2 FLOPs per 12 bytes (x and y loaded, y
// stored): intensity 0.167 FLOP/B.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void run(const float *x, float *y) {
  const int n = 1 << 24;
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "2",
// CHECK: "dram_bytes": "12"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 33554432,
// CHECK: "dram_bytes": 201326592,
// CHECK: "intensity": {
// CHECK-NEXT: "dram": {{0\.1666[0-9]*}},
