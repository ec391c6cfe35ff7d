#include "tile.h"

__global__ void scale_tiles(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      x[i] = x[i] * 2.0f;
  }
}

int main() {
  const int n = 1 << 20;
  float *x = nullptr;
  cudaMalloc(&x, n * sizeof(float));
  scale_tiles<<<(n + 255) / 256, 256>>>(x, n);
  cudaDeviceSynchronize();
  cudaFree(x);
  return 0;
}
