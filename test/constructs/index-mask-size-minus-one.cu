// `i & (n - 1)`, the wrap of a power-of-two size, is i mod n: the load is
// counted and coalesced as x[i] is, not as a gather of unknown addresses.
// RUN: %rl-analyze-stub %s --launch 'wrap:grid=4096,block=256' \
// RUN:   --bind n=1048576 --lines --gpu H200 | FileCheck %s
// CHECK: wrap
// CHECK: bytes{{ +}}8,388,608  load 4.19 MB  store 4.19 MB
// CHECK: index-mask-size-minus-one.cu:14  x{{ +}}4.19 MB{{ +}}-{{ +}}131K
#include "cuda.h"

__global__ void wrap(const float *x, float *y, int n, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[(i + shift) & (n - 1)];
  y[i] = v;
}
