// Two kernels in one file are two independent entries, in source order, each
// with its own launch and counts.
// RUN: %rl-analyze-stub %s --launch 'first:grid=2,block=64' \
// RUN:   --launch 'second:grid=1,block=32' --format=json | FileCheck %s
#include "cuda.h"

__global__ void first(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + 1.0f;
}

__global__ void second(const double *x, double *y) {
  int i = threadIdx.x;
  double v = x[i];
  y[i] = v * v * v;
}

// CHECK-LABEL: "name": "first"
// CHECK: "grid": [
// CHECK-NEXT: 2,
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 128,
// CHECK: "global_load_bytes": 512,
// CHECK-LABEL: "name": "second"
// CHECK: "grid": [
// CHECK-NEXT: 1,
// CHECK: "totals": {
// CHECK-NEXT: "flops": 64,
// CHECK: "fp64": 64
// CHECK: "global_load_bytes": 256,
