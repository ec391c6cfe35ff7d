// Seed: the ridge point is peak fp32 FLOP/s over DRAM bandwidth:
// L40S 91.6 TFLOP/s / 864 GB/s = 106, H100 SXM 67 / 3.35 = 20,
// RTX 5090 104.8 / 1.792 = 58.5.
// RUN: %rl-analyze-stub %s --gpu=L40S,H100,RTX5090 --format=json | FileCheck %s
#include "cuda.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void run(const float *x, float *y) {
  saxpy<<<4096, 256>>>(1 << 20, 2.0f, x, y);
}

// CHECK: "verdicts": [
// CHECK: "gpu": "L40S",
// CHECK-NEXT: "precision": "fp32",
// CHECK-NEXT: "ridge_point": {{106\.01[0-9]*}},
// CHECK: "gpu": "H100 SXM",
// CHECK-NEXT: "precision": "fp32",
// CHECK-NEXT: "ridge_point": {{20|19\.99[0-9]*|20\.00[0-9]*}},
// CHECK: "gpu": "RTX 5090",
// CHECK-NEXT: "precision": "fp32",
// CHECK-NEXT: "ridge_point": {{58\.48[0-9]*}},
