// Integer +, -, *, / and % are int_ops, never FLOPs.
// RUN: %rl-analyze-stub %s --launch 'intarith:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void intarith(int *out, int a, int b) {
  // The index costs one * and one +.
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (a + b) * (a - b) / b % 7;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "0",
// CHECK: "int_ops": "7",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 0,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "fp32": 0,
// CHECK-NEXT: "fp64": 0
// CHECK-NEXT: },
// CHECK-NEXT: "sfu_ops": 0,
// CHECK-NEXT: "int_ops": 896,
