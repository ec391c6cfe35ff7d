// std::max and std::min of the C++ library return a const reference: their
// value is read where the host code sizes a launch (dynamic shared memory
// of the larger of two tiles).
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources | FileCheck %s
#include <algorithm>
#include <cuda_runtime.h>

__global__ void k(float *y) {
  extern __shared__ float s[];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  y[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

int main() {
  const int A = 128, B = 64;
  size_t bytes = std::max(A * sizeof(float), B * 2 * sizeof(float) + 256);
  k<<<16, 128, bytes>>>(nullptr);
  k<<<16, 128, std::min<size_t>(1024, 2048)>>>(nullptr);
}
// CHECK: launch-site {{.*}}std-max-smem.cu:19:3 {{.*}} smem 768
// CHECK: launch-site {{.*}}std-max-smem.cu:20:3 {{.*}} smem 1024
