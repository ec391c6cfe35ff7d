// __constant__ memory is read through the constant cache: no global bytes,
// and the report says so.
// RUN: %rl-analyze-stub %s --launch 'poly:grid=2,block=128' --bind n=256 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__constant__ float coeffs[4];

__global__ void poly(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = coeffs[0] + x[i] * (coeffs[1] + x[i] * coeffs[2]);
}

// CHECK: "global_load_bytes": 2048,
// CHECK: "global_store_bytes": 1024,
// CHECK: "assumptions": [
// CHECK: "reads of __constant__ 'coeffs' are served by the constant cache: not counted as global bytes"
