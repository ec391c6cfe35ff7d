// Input of compile-commands-cmake.test: -Xcompiler=-fopenmp reaches clang.
#include "tile.h"

#if defined(__clang__) && !defined(_OPENMP)
#error "-Xcompiler=-fopenmp must reach clang as -fopenmp"
#endif

__device__ float bias = 1.0f;

__global__ void add_tiles(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int k = 0; k < TILE; ++k)
      x[i] = x[i] + 1.0f;
}

void run_b(float *x, float *host, int m) {
#pragma omp parallel for
  for (int j = 0; j < m; ++j)
    host[j] = 0.0f;
  add_tiles<<<2048, 256>>>(x, 2048 * 256);
}
