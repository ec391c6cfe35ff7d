// Input of compile-commands-cmake.test: -rdc=true reaches clang.
#include "tile.h"

#if defined(__clang__) && !defined(__CLANG_RDC__)
#error "-rdc=true must reach clang as -fgpu-rdc"
#endif

extern __device__ float bias; // defined in another file: needs -rdc

__global__ void scale_tiles(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int k = 0; k < TILE * VEC_WIDTH; ++k)
      x[i] = x[i] * 2.0f + bias;
}

void run_a(float *x) { scale_tiles<<<4096, 256>>>(x, 4096 * 256); }
