// The precision of a FLOP is the type the operation is done in after the
// usual conversions: float * double and float * 2.0 are fp64, float * 2.0f
// is fp32.
// RUN: %rl-analyze-stub %s --launch 'mixed:grid=2,block=64' \
// RUN:   --launch 'dliteral:grid=2,block=64' \
// RUN:   --launch 'fliteral:grid=2,block=64' --format=json | FileCheck %s
#include "cuda.h"

__global__ void mixed(const float *x, double s, double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] * s;
}

__global__ void dliteral(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] * 2.0;
}

__global__ void fliteral(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] * 2.0f;
}

// CHECK-LABEL: "name": "mixed"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 0,
// CHECK-NEXT: "fp64": 128
// CHECK-LABEL: "name": "dliteral"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 0,
// CHECK-NEXT: "fp64": 128
// CHECK-LABEL: "name": "fliteral"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK: "fp32": 128,
// CHECK-NEXT: "fp64": 0
