// A sweep over block sizes in an array, a std::vector and a range-for gives
// one entry per value, each with the grid its own iteration computes.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <vector>
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
int main() {
  const int n = 1 << 20;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  int block_sizes[] = {128, 256};
  for (int b = 0; b < 2; ++b)
    scale<<<(n + block_sizes[b] - 1) / block_sizes[b], block_sizes[b]>>>(x, n);
  std::vector<int> sizes = {512, 1024};
  for (int threads : sizes)
    scale<<<n / threads, threads>>>(x, n);
  return 0;
}
// CHECK: scale grid=8192x1x1 block=128x1x1 args=n=1048576 chain=main count=1
// CHECK-NEXT: scale grid=4096x1x1 block=256x1x1 args=n=1048576 chain=main count=1
// CHECK-NEXT: scale grid=2048x1x1 block=512x1x1 args=n=1048576 chain=main count=1
// CHECK-NEXT: scale grid=1024x1x1 block=1024x1x1 args=n=1048576 chain=main count=1
// CHECK-NEXT: entries: 4
