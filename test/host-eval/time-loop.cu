// A launch in a time-step loop runs once per step: one entry with its launch
// count. A loop too long to run step by step is counted from its bounds.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void step(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}
__global__ void relax(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 0.5f;
}
int main() {
  int n = 4096;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  for (int t = 0; t < 100; ++t)
    step<<<n / 256, 256>>>(x, n);
  for (long it = 0; it < 1000000; it += 2)
    relax<<<n / 128, 128>>>(x, n);
  return 0;
}
// CHECK: step grid=16x1x1 block=256x1x1 args=n=4096 chain=main count=100
// CHECK-NEXT: relax grid=32x1x1 block=128x1x1 args=n=4096 chain=main count=500000
// CHECK-NEXT: entries: 2
