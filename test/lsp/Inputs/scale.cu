#include "cuda.h"

__global__ void scale(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i];
}

void run(const float *x, float *y) { scale<<<4, 256>>>(1024, 2.0f, x, y); }
