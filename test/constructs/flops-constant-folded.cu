// Arithmetic on constants only is folded by the compiler and costs nothing:
// llm.c's GELU writes `sqrtf(2.0f / M_PI)` in the kernel (a double division
// and a square root of literals), and a const local or an enumerator as an
// operand is a constant too. Each thread of `gelu` does 8 fp32 FLOPs and
// one tanhf, none in fp64; `scaled` multiplies by two folded constants
// (2 FLOPs, no division, no int ops), as `notFolded` multiplies and divides
// by a parameter (2 FLOPs).
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

#define M_PI 3.14159265358979323846
#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)
enum { Lanes = 32 };

__global__ void gelu(float *out, const float *inp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float xi = inp[i];
  float cube = 0.044715f * xi * xi * xi;
  out[i] = 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube)));
}

__global__ void scaled(float *out, const float *inp) {
  const float third = 1.0f / 3.0f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = inp[i] * third * (float)(Lanes * 2 - 63);
}

__global__ void notFolded(float *out, const float *inp, float d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = inp[i] * 2.0f / d;
}

void run(float *out, const float *inp) {
  gelu<<<4, 256>>>(out, inp);
  scaled<<<4, 256>>>(out, inp);
  notFolded<<<4, 256>>>(out, inp, 3.0f);
}

// CHECK-LABEL: "name": "gelu"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 8192,
// CHECK-NEXT: "flops_by_precision": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "fp32": 8192,
// CHECK-NEXT: "fp64": 0
// CHECK-NEXT: },
// CHECK: "sfu_ops": 1024,
// CHECK-LABEL: "name": "scaled"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 2048,
// CHECK-LABEL: "name": "notFolded"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 2048,
