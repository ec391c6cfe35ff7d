// The usual grid expression `(n + 255) / 256` with n a known constant rounds
// up: 1 << 20 elements give 4096 blocks, 1000 give 4; shifts and sizeof work
// in the shared-memory size.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void big(float *y) {
  int n = 1 << 20;
  scale<<<(n + 255) / 256, 256, 256 * sizeof(float)>>>(y, n);
}

void small(float *y) {
  int n = 1000;
  scale<<<(n + 255) / 256, 256>>>(y, n);
}

// CHECK: "grid": [
// CHECK-NEXT: 4096,
// CHECK: "dynamic_smem": 1024,
// CHECK-NEXT: "args": {
// CHECK-NEXT: "n": 1048576
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1048576,
// CHECK: "grid": [
// CHECK-NEXT: 4,
// CHECK: "dynamic_smem": 0,
// CHECK-NEXT: "args": {
// CHECK-NEXT: "n": 1000
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
