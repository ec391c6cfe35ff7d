// A conditional expression on a thread guard counts each side over exactly
// the threads that take it: `i < n ? in[i] : 0.0f` loads n elements.
// RUN: %rl-analyze-stub %s --launch 'pad:grid=4,block=256' --bind n=1000 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void pad(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : in[0] * 2.0f;
  out[i] = v;
}

// 1000 threads load in[i]; the other 24 load in[0] and multiply.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 24,
// CHECK: "global_loads": 1024,
// CHECK: "global_stores": 1024,
// CHECK: "range_reasons": [],
