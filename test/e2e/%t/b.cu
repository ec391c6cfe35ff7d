// Input of project-cache.test: its cost depends on a header's constant.
#include "common.h"

__global__ void repeat(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int k = 0; k < REPEAT; ++k)
      x[i] = x[i] * 2.0f;
}

void run_b(float *x) { repeat<<<4096, 256>>>(x, 4096 * 256); }
