// Re-reads that a loop carries over more data than L1 holds: each thread
// walks a column of a matrix again and again (a time-step or solver
// sweep), or a triangle of it, with one or two blocks per SM, with and
// without shared memory beside the L1. Written, and predicted
// (bench/l1reuse/predicted.md), before they were measured
// (scripts/device/idioms_check.sh with SRC=bench/l1reuse/l1reuse.cu).
#include <cstdio>

// Every step re-reads rows [0, n) of X; thread r owns column r.
__global__ void sweep(const float *X, float *y, int n, int cols, int steps) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int t = 0; t < steps; ++t)
    for (int j = 0; j < n; ++j)
      s = s * 0.5f + X[j * cols + r];
  y[r] = s;
}

// Back substitution of an upper triangle, one right-hand side per thread:
// row i reads the rows below it again.
__global__ void back_solve(const float *U, float *X, int n, int nrhs) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nrhs)
    return;
  for (int i = n - 1; i >= 0; --i) {
    float s = X[i * nrhs + r];
    for (int j = i + 1; j < n; ++j)
      s -= U[i * n + j] * X[j * nrhs + r];
    X[i * nrhs + r] = s / U[i * n + i];
  }
}

// The sweep with a 40 KiB shared staging buffer the block also fills.
__global__ void sweep_staged(const float *X, float *y, int n, int cols,
                             int steps) {
  __shared__ float stage[40 * 256];
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int t = 0; t < steps; ++t)
    for (int j = 0; j < n; ++j)
      s = s * 0.5f + X[j * cols + r];
  for (int k = 0; k < 40; ++k)
    stage[k * 256 + threadIdx.x] = s + k;
  __syncthreads();
  y[r] = stage[((threadIdx.x + 1) % 256) * 40 % (40 * 256)];
}

// A 32 x 8 block: each warp (threadIdx.y) takes every 8th row of the
// block's 32 columns.
__global__ void sweep_2d(const float *X, float *y, int n, int cols,
                         int steps) {
  int c = blockIdx.x * 32 + threadIdx.x;
  float s = 0.0f;
  for (int t = 0; t < steps; ++t)
    for (int j = threadIdx.y; j < n; j += 8)
      s = s * 0.5f + X[j * cols + c];
  y[threadIdx.y * cols + c] = s;
}

__global__ void fill(float *x, size_t n, float v) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n)
    x[i] = v;
}

int main() {
  const size_t Elems = size_t(1) << 24;
  float *a, *b, *y;
  cudaMalloc(&a, Elems * sizeof(float));
  cudaMalloc(&b, Elems * sizeof(float));
  cudaMalloc(&y, Elems * sizeof(float));
  fill<<<(Elems + 255) / 256, 256>>>(a, Elems, 1.0f);
  fill<<<(Elems + 255) / 256, 256>>>(b, Elems, 2.0f);

  // One block per SM: 96 rows of 1 KiB per step, then 384.
  sweep<<<4, 256>>>(a, y, 96, 1024, 32);
  sweep<<<4, 256>>>(a, y, 384, 1024, 32);
  // Two blocks per SM (264 blocks on 132 SMs): 96 and 160 rows each.
  sweep<<<264, 256>>>(a, y, 96, 67584, 8);
  sweep<<<264, 256>>>(a, y, 160, 67584, 8);

  back_solve<<<4, 256>>>(b, a, 1024, 1024);
  back_solve<<<8, 256>>>(b, a, 192, 2048);

  sweep_staged<<<4, 256>>>(a, y, 180, 1024, 32);
  sweep_staged<<<4, 256>>>(a, y, 200, 1024, 32);
  sweep_staged<<<4, 256>>>(a, y, 240, 1024, 32);

  sweep_2d<<<16, dim3(32, 8)>>>(a, y, 1024, 512, 16);
  sweep_2d<<<16, dim3(32, 8)>>>(a, y, 4096, 512, 16);

  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
