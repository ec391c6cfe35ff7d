// Converting between int, float and double is not a FLOP.
// RUN: %rl-analyze-stub %s --launch 'conv:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void conv(const int *k, float *y, double *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = k[i];
  float z = (float)n;
  y[i] = x;
  d[i] = z;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "0",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 0,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "fp32": 0,
// CHECK-NEXT: "fp64": 0
// CHECK: "global_load_bytes": 512,
// CHECK: "global_store_bytes": 1536,
