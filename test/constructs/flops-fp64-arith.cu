// Each double +, -, * and / is one fp64 FLOP and no fp32 FLOP.
// RUN: %rl-analyze-stub %s --launch 'add:grid=2,block=64' \
// RUN:   --launch 'sub:grid=2,block=64' --launch 'mul:grid=2,block=64' \
// RUN:   --launch 'div:grid=2,block=64' --format=json | FileCheck %s
#include "cuda.h"

__global__ void add(const double *a, const double *b, double *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}

__global__ void sub(const double *a, const double *b, double *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] - b[i];
}

__global__ void mul(const double *a, const double *b, double *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] * b[i];
}

__global__ void div(const double *a, const double *b, double *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] / b[i];
}

// CHECK-LABEL: "name": "add"
// CHECK: "flops_fp32": "0",
// CHECK-NEXT: "flops_fp64": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "fp32": 0,
// CHECK-NEXT: "fp64": 128
// CHECK-LABEL: "name": "sub"
// CHECK: "flops_fp64": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 0,
// CHECK-NEXT: "fp64": 128
// CHECK-LABEL: "name": "mul"
// CHECK: "flops_fp64": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 0,
// CHECK-NEXT: "fp64": 128
// CHECK-LABEL: "name": "div"
// CHECK: "flops_fp64": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 0,
// CHECK-NEXT: "fp64": 128
