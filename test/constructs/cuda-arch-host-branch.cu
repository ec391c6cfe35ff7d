// Code under __CUDA_ARCH__ is counted as the GPU compiles it: the kernel
// body comes from the device-side parse (2 FLOPs per thread here, where the
// host branch has 1), and no host-side remark is made.
// RUN: %rl-analyze-stub %s --launch 'k:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s --implicit-check-not=rl-host-branch
#include "cuda.h"

__global__ void k(const float *x, float *y) {
  int i = threadIdx.x;
#ifdef __CUDA_ARCH__
  y[i] = x[i] * 2.0f + 1.0f;
#else
  y[i] = x[i] * 2.0f;
#endif
}
// CHECK: "name": "k",
// CHECK: "archs": [],
// CHECK: "flops": 64,
