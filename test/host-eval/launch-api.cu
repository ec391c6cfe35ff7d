// Launches through the runtime's launch calls bind as <<<...>>> does:
// cudaLaunchKernel with its argument array, cudaLaunchCooperativeKernel,
// and cudaLaunchKernelEx with a cudaLaunchConfig_t.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}
__global__ void twice(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 2.0f;
}
int main() {
  int n = 1 << 20;
  float a = 2.0f, *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  void *args[] = {&a, &x, &y, &n};
  cudaLaunchKernel((void *)axpy, dim3((n + 255) / 256), dim3(256), args, 0, 0);
  void *args2[] = {&y, &n};
  cudaLaunchCooperativeKernel((void *)twice, dim3(132), dim3(1024), args2, 0,
                              0);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3((n + 511) / 512);
  config.blockDim = dim3(512);
  config.dynamicSmemBytes = 1024;
  cudaLaunchKernelEx(&config, twice, y, n);
  return 0;
}
// CHECK: axpy grid=4096x1x1 block=256x1x1 args=a=2,n=1048576 chain=main count=1
// CHECK: twice grid=132x1x1 block=1024x1x1 args=n=1048576 chain=main count=1
// CHECK: twice grid=2048x1x1 block=512x1x1 args=n=1048576 chain=main count=1
// CHECK: entries: 3
