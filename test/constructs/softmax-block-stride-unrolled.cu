// A row softmax whose threads stride by 8 * blockDim.x with an unrolled
// body of 8 guarded elements: the trip count differs between the lanes of
// a warp (ceil((C - threadIdx.x) / (8 * blockDim.x))), so there is no
// closed form over the threads. A bound launch still gets numbers: the
// formulas are averaged thread by thread over one block, and the
// assumption says so. INFINITY (__builtin_inff()) is a constant, not a
// call the model cannot see, and a launch whose counts are known is never
// "no work".
// RUN: %rl-analyze-stub %s --launch 'softmax_kernel:grid=64,block=128' \
// RUN:   --bind N=64 --bind C=1000 --verbose | FileCheck %s \
// RUN:   --implicit-check-not=rl-opaque-call --implicit-check-not=rl-no-work \
// RUN:   --implicit-check-not=rl-unsupported
#include "cuda.h"

__global__ void softmax_kernel(float *out, const float *inp, int N, int C) {
  const float *x = inp + blockIdx.x * C;
  float *y = out + blockIdx.x * C;
  float maxval = -__builtin_inff();
  for (int i = threadIdx.x; i < C; i += 8 * blockDim.x) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      int j = i + k * blockDim.x;
      if (j < C)
        maxval = fmaxf(maxval, x[j]);
    }
  }
  for (int i = threadIdx.x; i < C; i += 8 * blockDim.x) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      int j = i + k * blockDim.x;
      if (j < C)
        y[j] = expf(x[j] - maxval);
    }
  }
}

// 64 rows of 1000 elements: one subtraction per element (fmaxf counts as a
// comparison), 64,000 FLOPs; two loads and one store of 4 bytes each.
// CHECK: FLOPs {{ *}}64,000
// CHECK: bytes {{ *}}768,000
// CHECK: assumes: {{.*}}averaged thread by thread over one block
