// ++ and -- on a float add or subtract 1.0: one fp32 FLOP each. On an int they
// are integer operations.
// RUN: %rl-analyze-stub %s --launch 'incdec:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void incdec(float *out, int *cnt, float a, int c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a;
  x++;
  ++x;
  x--;
  --x;
  c++;
  out[i] = x;
  cnt[i] = c;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "4",
// CHECK-NEXT: "flops_fp16": "0",
// CHECK-NEXT: "flops_bf16": "0",
// CHECK-NEXT: "flops_fp32": "4",
// CHECK-NEXT: "flops_fp64": "0",
// CHECK-NEXT: "sfu_ops": "0",
// CHECK-NEXT: "int_ops": "3",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 512,
// CHECK: "fp32": 512,
