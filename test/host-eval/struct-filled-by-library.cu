// A struct a runtime call fills through a non-const pointer is the call's:
// its fields are unknown afterwards, not the zeros it was initialised with,
// so the check on it does not decide that the program exits.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <cstdio>
#include <cstdlib>
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
int main() {
  int n = 1 << 20;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  cudaPointerAttributes attributes = {};
  cudaPointerGetAttributes(&attributes, x);
  if (attributes.type != cudaMemoryTypeDevice) {
    printf("not device memory\n");
    exit(EXIT_FAILURE);
  }
  scale<<<n / 256, 256>>>(x, n);
  return 0;
}
// CHECK: scale grid=4096x1x1 block=256x1x1 args=n=1048576 chain=main count=1
// CHECK-NOT: does not reach
