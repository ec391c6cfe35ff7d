// Values assigned in straight-line host code before the launch bind it:
// `int n; n = 1 << 20;`, `grid.x = ...`, `block = dim3(...)`. A write in a
// loop around the launch gives one entry per value it takes.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"
__global__ void k(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 0.0f;
}
void straight(float *p) {
  int n;
  n = 1 << 20;
  dim3 block(128);
  dim3 grid(1);
  grid.x = (n + 255) / 256;
  block = dim3(256);
  k<<<grid, block>>>(p, n);
  n = 7; // after the launch: does not change it
}
void looped(float *p) {
  dim3 grid(1);
  for (int s = 1; s < 4; ++s) {
    grid.x = s;
    k<<<grid, 32>>>(p, 64);
  }
}
// CHECK: "name": "k",
// CHECK: "grid": [
// CHECK-NEXT: 4096,
// CHECK: "block": [
// CHECK-NEXT: 256,
// CHECK: "args": {
// CHECK-NEXT: "n": 1048576
// CHECK: "name": "k",
// CHECK: "grid": [
// CHECK-NEXT: 1,
// CHECK: "call_chain": [
// CHECK-NEXT: "looped"
// CHECK: "name": "k",
// CHECK: "grid": [
// CHECK-NEXT: 2,
// CHECK: "name": "k",
// CHECK: "grid": [
// CHECK-NEXT: 3,
// CHECK-NOT: "name": "k",
