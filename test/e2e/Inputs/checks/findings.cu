// Input of checks.test: an uncoalesced load, a bank conflict and a
// recursive call, plus the verdict remark of the launch.
#include "cuda.h"

__device__ float power(float b, int e) {
  return e == 0 ? 1.0f : b * power(b, e - 1);
}

__global__ void mixed(const float *in, float *out) {
  __shared__ float tile[32][32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[i * 32];
  __syncthreads();
  out[i] = power(tile[threadIdx.x][threadIdx.y], 2);
}
