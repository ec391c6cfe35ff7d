// __half arithmetic is fp16 and __nv_bfloat16 arithmetic is bf16, through the
// operators and through __hfma (2 FLOPs); __half2 intrinsics do two lanes.
// Needs the toolkit's cuda_fp16.h and cuda_bf16.h.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --launch 'haxpy:grid=2,block=64' \
// RUN:   --launch 'hfma:grid=2,block=64' --launch 'hfma2:grid=2,block=64' \
// RUN:   --launch 'baxpy:grid=2,block=64' --launch 'hconv:grid=2,block=64' \
// RUN:   --format=json | FileCheck %s
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void haxpy(const __half *x, __half *y, __half a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}

__global__ void hfma(const __half *x, __half *y, __half a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = __hfma(a, x[i], y[i]);
}

__global__ void hfma2(const __half2 *x, __half2 *y, __half2 a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = __hfma2(a, x[i], y[i]);
}

__global__ void baxpy(const __nv_bfloat16 *x, __nv_bfloat16 *y,
                      __nv_bfloat16 a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}

// The conversion is free; the float multiply is the only FLOP.
__global__ void hconv(const __half *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = __half2float(x[i]) * 2.0f;
}

// CHECK-LABEL: "name": "haxpy"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 256,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 256,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "fp32": 0,
// CHECK-NEXT: "fp64": 0
// CHECK: "global_load_bytes": 512,
// CHECK: "global_store_bytes": 256,
// CHECK-LABEL: "name": "hfma"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 256,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 256,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "fp32": 0,
// CHECK-LABEL: "name": "hfma2"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 512,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 512,
// CHECK: "global_load_bytes": 1024,
// CHECK: "global_store_bytes": 512,
// CHECK-LABEL: "name": "baxpy"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 256,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 256,
// CHECK-NEXT: "fp32": 0,
// CHECK-LABEL: "name": "hconv"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 128,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "fp32": 128,
// CHECK: "global_load_bytes": 256,
