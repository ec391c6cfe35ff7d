// The copies' sizes come from the same atoi(argv[1]) as the launch: with
// --args the host run passes them, and the library calls take them where
// their own expressions give no number; without arguments they stay unknown,
// with the reason.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --gpu H100 --args 1000000 \
// RUN:   | FileCheck %s --check-prefix=ARGS
// RUN: %rl-analyze %s --no-config --no-resources --gpu H100 --verbose \
// RUN:   | FileCheck %s --check-prefix=NOARGS
#include <cuda_runtime.h>
#include <stdlib.h>

__global__ void twice(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 2.0f;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *h = (float *)malloc(n * sizeof(float));
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  twice<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemset(d, 0, n * sizeof(float));
}
// ARGS: twice {{.*}}grid 3907x1x1  block 256x1x1
// ARGS: cudaMemcpy  ({{.*}}args-library-sizes.cu:24:3)  library call, no source  host-to-device 4.00 MB
// ARGS: cudaMemcpy  ({{.*}}args-library-sizes.cu:26:3)  library call, no source  device-to-host 4.00 MB
// ARGS: cudaMemset  ({{.*}}args-library-sizes.cu:27:3)  library call, no source  device 4.00 MB
// NOARGS: cudaMemcpy  ({{.*}}args-library-sizes.cu:24:3)  library call, no source  host-to-device ? B
