// A library call inside a function template is read in the template's
// instantiation, where its arguments have types and the run gives them
// values: the scal of `scaleAll<float>(x, 4096)` streams 4096 floats.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --gpu=H100 | FileCheck %s
#include <cublas_v2.h>
#include <cuda_runtime.h>

template <typename T> void scaleAll(cublasHandle_t handle, T *x, int n) {
  T alpha = 2;
  cublasSscal(handle, n, &alpha, x, 1);
}

int main() {
  float *x;
  cudaMalloc(&x, 4096 * sizeof(float));
  cublasHandle_t handle;
  cublasCreate(&handle);
  scaleAll<float>(handle, x, 4096);
  return 0;
}

// CHECK: cublasSscal  ({{.*}}:11:3)  library call, no source  scal n=4096  fp32
// CHECK-NEXT: H100 SXM: 4.10K FLOPs, 32.8 KB (16.4 KB read, 16.4 KB written)
// CHECK-NOT: cublasSscal
