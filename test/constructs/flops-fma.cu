// A fused multiply-add is 2 FLOPs: fmaf and __fmaf_rn in fp32, fma in fp64.
// The library calls are known operations, not opaque calls.
// RUN: %rl-analyze-stub %s --launch 'ffma:grid=2,block=64' \
// RUN:   --launch 'ffma_rn:grid=2,block=64' --launch 'dfma:grid=2,block=64' \
// RUN:   --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'ffma:grid=2,block=64' \
// RUN:   --launch 'ffma_rn:grid=2,block=64' --launch 'dfma:grid=2,block=64' \
// RUN:   --format=diagnostics \
// RUN:   | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning: \
// RUN:       --implicit-check-not=note:
#include "cuda.h"

__global__ void ffma(const float *x, float *y, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = fmaf(a, x[i], y[i]);
}

__global__ void ffma_rn(const float *x, float *y, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = __fmaf_rn(a, x[i], y[i]);
}

__global__ void dfma(const double *x, double *y, double a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = fma(a, x[i], y[i]);
}

// CHECK-LABEL: "name": "ffma"
// CHECK: "flops": "2",
// CHECK: "flops_fp32": "2",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 256,
// CHECK: "fp32": 256,
// CHECK-NEXT: "fp64": 0
// CHECK-NEXT: },
// CHECK-NEXT: "sfu_ops": 0,
// CHECK-LABEL: "name": "ffma_rn"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 256,
// CHECK: "fp32": 256,
// CHECK-NEXT: "fp64": 0
// CHECK-NEXT: },
// CHECK-NEXT: "sfu_ops": 0,
// CHECK-LABEL: "name": "dfma"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 256,
// CHECK: "fp32": 0,
// CHECK-NEXT: "fp64": 256
// CHECK-NEXT: },
// CHECK-NEXT: "sfu_ops": 0,

// DIAG: remark: ffma is launch-bound
// DIAG: remark: ffma_rn is launch-bound
// DIAG: remark: dfma is launch-bound
