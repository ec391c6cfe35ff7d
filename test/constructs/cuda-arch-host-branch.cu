// Code under __CUDA_ARCH__ is read in its host branch (the parse is the
// host-side job); the report says so once, where the condition is.
// RUN: %rl-analyze-stub %s --format=diagnostics | FileCheck %s
#include "cuda.h"

__global__ void k(const float *x, float *y) {
  int i = threadIdx.x;
#ifdef __CUDA_ARCH__
  // CHECK: cuda-arch-host-branch.cu:[[@LINE-1]]:2: remark: code here depends on __CUDA_ARCH__{{.*}}[rl-host-branch]
  y[i] = __ldg(&x[i]) * 2.0f;
#else
  y[i] = x[i] * 2.0f;
#endif
}
