// Each float +, -, * and / is one fp32 FLOP, whatever the operator.
// RUN: %rl-analyze-stub %s --launch 'add:grid=2,block=64' \
// RUN:   --launch 'sub:grid=2,block=64' --launch 'mul:grid=2,block=64' \
// RUN:   --launch 'div:grid=2,block=64' --format=json | FileCheck %s
#include "cuda.h"

__global__ void add(const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}

__global__ void sub(const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] - b[i];
}

__global__ void mul(const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] * b[i];
}

__global__ void div(const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] / b[i];
}

// 2 blocks of 64 threads: 128 FLOPs per kernel, all fp32.
// CHECK-LABEL: "name": "add"
// CHECK: "flops_fp32": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "fp32": 128,
// CHECK-NEXT: "fp64": 0
// CHECK-LABEL: "name": "sub"
// CHECK: "flops_fp32": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 128,
// CHECK-NEXT: "fp64": 0
// CHECK-LABEL: "name": "mul"
// CHECK: "flops_fp32": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 128,
// CHECK-NEXT: "fp64": 0
// CHECK-LABEL: "name": "div"
// CHECK: "flops_fp32": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 128,
// CHECK-NEXT: "fp64": 0
