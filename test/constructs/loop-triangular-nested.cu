// A triangle inside a loop whose range is the thread's own (llm.c's
// softmax_autoregressive_backward_kernel1: `for (t = t3; t < T; t++)
// for (t2 = 0; t2 <= t; t2++)`) is summed per thread first, then over the
// threads: sum over t3 < T of sum over t = t3..T-1 of (t + 1) is
// T(T+1)(2T+1)/6 = 358,438,400 additions for T = 1024. The read of in[t2]
// stays within in[0, T): t2 <= t < T, not the box of t and t3 apart.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void triangle(float *out, const float *in, int T) {
  int t3 = blockIdx.x * blockDim.x + threadIdx.x;
  if (t3 < T) {
    float acc = 0;
    for (int t = t3; t < T; t++)
      for (int t2 = 0; t2 <= t; t2++)
        acc += in[t2];
    out[t3] = acc;
  }
}

void run(float *out, const float *in) { triangle<<<4, 256>>>(out, in, 1024); }

// CHECK: "name": "triangle"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 358438400,
// CHECK: "arrays": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "in",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 4096,
