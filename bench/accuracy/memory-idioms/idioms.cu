// Real-idiom kernels for checking the memory model on hardware: the ways
// kernels are written in practice (pointer bumps, warp/lane decomposition,
// parameter strides, triangular loops, row-per-thread walks, index arrays),
// each launched at two sizes or more from main(). Written before any
// measurement; the model is not tuned on them. Build and measure with
// scripts/device/idioms_check.sh; compare with bench/idioms/compare.py.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

// Shared-memory tiled SGEMM that walks A and B by moving the pointers.
template <int T>
__global__ void gemm_bumped(const float *A, const float *B, float *C, int N) {
  __shared__ float As[T * T];
  __shared__ float Bs[T * T];
  const int row = threadIdx.x / T, col = threadIdx.x % T;
  A += blockIdx.y * T * N;
  B += blockIdx.x * T;
  C += blockIdx.y * T * N + blockIdx.x * T;
  float acc = 0.0f;
  for (int k0 = 0; k0 < N; k0 += T) {
    As[row * T + col] = A[row * N + col];
    Bs[row * T + col] = B[row * N + col];
    __syncthreads();
    A += T;
    B += T * N;
    for (int k = 0; k < T; ++k)
      acc += As[row * T + k] * Bs[k * T + col];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

// The same tiling written with two induction variables over flat indices.
template <int T>
__global__ void gemm_two_iv(const float *A, const float *B, float *C, int N) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int aBegin = N * T * blockIdx.y, aEnd = aBegin + N - 1;
  float acc = 0.0f;
  for (int a = aBegin, b = T * blockIdx.x; a <= aEnd; a += T, b += T * N) {
    As[threadIdx.y][threadIdx.x] = A[a + N * threadIdx.y + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[b + N * threadIdx.y + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[N * T * blockIdx.y + T * blockIdx.x + N * threadIdx.y + threadIdx.x] = acc;
}

// One warp per row: lanes stride the row, then a shuffle reduction.
__global__ void rowsum_warp(const float *x, float *y, int rows, int cols) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (warp >= rows)
    return;
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32)
    s += x[warp * cols + c];
  for (int o = 16; o > 0; o >>= 1)
    s += __shfl_down_sync(0xffffffffu, s, o);
  if (lane == 0)
    y[warp] = s;
}

// One block per row: block-stride partial sums, then a shared tree.
__global__ void rowsum_block(const float *x, float *y, int cols) {
  __shared__ float buf[256];
  const float *row = x + blockIdx.x * cols;
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += row[c];
  buf[threadIdx.x] = s;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h >>= 1) {
    if (threadIdx.x < h)
      buf[threadIdx.x] += buf[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    y[blockIdx.x] = buf[0];
}

// Rows of 32 addressed by warp and lane of a 1D block.
__global__ void lane_copy(const float *x, float *y, int rows) {
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int lane = threadIdx.x & 31;
  if (row < rows)
    y[row * 32 + lane] = 2.0f * x[row * 32 + lane];
}

// A copy strided by a launch argument.
__global__ void strided_copy(const float *x, float *y, int n, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i * stride];
}

// Row sums of the lower triangle, one thread per row.
__global__ void tri_rowsum(const float *A, float *y, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    float s = 0.0f;
    for (int j = 0; j <= i; ++j)
      s += A[i * N + j];
    y[i] = s;
  }
}

// Forward substitution, one right-hand side per thread (columns of B).
__global__ void tri_solve(const float *L, float *X, int N, int nrhs) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nrhs)
    return;
  for (int i = 0; i < N; ++i) {
    float s = X[i * nrhs + r];
    for (int j = 0; j < i; ++j)
      s -= L[i * N + j] * X[j * nrhs + r];
    X[i * nrhs + r] = s / L[i * N + i];
  }
}

// Softmax with each thread walking its own row (32 rows per warp request).
__global__ void softmax_row_per_thread(const float *x, float *y, int rows,
                                       int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  const float *in = x + r * cols;
  float *out = y + r * cols;
  float m = in[0];
  for (int c = 1; c < cols; ++c)
    m = fmaxf(m, in[c]);
  float s = 0.0f;
  for (int c = 0; c < cols; ++c)
    s += expf(in[c] - m);
  for (int c = 0; c < cols; ++c)
    out[c] = expf(in[c] - m) / s;
}

// 5-point 2D stencil on the interior.
__global__ void stencil2d(const float *u, float *v, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= 1 && x < nx - 1 && y >= 1 && y < ny - 1)
    v[y * nx + x] = 0.25f * (u[y * nx + x - 1] + u[y * nx + x + 1] +
                             u[(y - 1) * nx + x] + u[(y + 1) * nx + x]) -
                    u[y * nx + x];
}

// 7-point 3D stencil, one thread per (x, y) column walking z.
__global__ void stencil3d(const float *u, float *v, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || x >= n - 1 || y < 1 || y >= n - 1)
    return;
  int plane = n * n;
  for (int z = 1; z < n - 1; ++z) {
    int i = z * plane + y * n + x;
    v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - plane] +
           u[i + plane] - 6.0f * u[i];
  }
}

// Gather and scatter through an index array.
__global__ void gather(const float *x, const int *idx, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[idx[i]];
}

__global__ void scatter(const float *x, const int *idx, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[idx[i]] = x[i];
}

// Transposes: naive (strided writes) and through a padded shared tile.
__global__ void transpose_naive(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}

__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// Batched small GEMMs: one block per 16x16 problem.
__global__ void batched_gemm16(const float *A, const float *B, float *C) {
  const float *a = A + blockIdx.x * 256;
  const float *b = B + blockIdx.x * 256;
  float *c = C + blockIdx.x * 256;
  int r = threadIdx.x / 16, k = threadIdx.x % 16;
  float acc = 0.0f;
  for (int j = 0; j < 16; ++j)
    acc += a[r * 16 + j] * b[j * 16 + k];
  c[r * 16 + k] = acc;
}

// A grid-stride loop written as a while loop.
__global__ void scale_while(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {
    y[i] = 3.0f * x[i];
    i += blockDim.x * gridDim.x;
  }
}

static float *buffer(size_t floats) {
  float *p = nullptr;
  cudaMalloc(&p, floats * sizeof(float));
  std::vector<float> h(floats);
  for (size_t i = 0; i < floats; ++i)
    h[i] = 1.0f + float(rand() % 1000) / 1000.0f;
  cudaMemcpy(p, h.data(), floats * sizeof(float), cudaMemcpyHostToDevice);
  return p;
}

static int *indices(int n, int range) {
  int *p = nullptr;
  cudaMalloc(&p, n * sizeof(int));
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = rand() % range;
  cudaMemcpy(p, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  return p;
}

int main() {
  const size_t Big = size_t(1) << 26; // 256 MiB per buffer
  float *a = buffer(Big), *b = buffer(Big), *c = buffer(Big);
  int *idx = indices(1 << 24, 1 << 24);

  gemm_bumped<8><<<dim3(128, 128), 64>>>(a, b, c, 1024);
  gemm_bumped<16><<<dim3(64, 64), 256>>>(a, b, c, 1024);
  gemm_bumped<32><<<dim3(32, 32), 1024>>>(a, b, c, 1024);
  gemm_bumped<8><<<dim3(512, 512), 64>>>(a, b, c, 4096);
  gemm_bumped<16><<<dim3(256, 256), 256>>>(a, b, c, 4096);
  gemm_bumped<32><<<dim3(128, 128), 1024>>>(a, b, c, 4096);
  gemm_two_iv<16><<<dim3(64, 64), dim3(16, 16)>>>(a, b, c, 1024);
  gemm_two_iv<16><<<dim3(256, 256), dim3(16, 16)>>>(a, b, c, 4096);

  rowsum_warp<<<512, 256>>>(a, c, 4096, 1024);
  rowsum_warp<<<8192, 256>>>(a, c, 65536, 512);
  rowsum_block<<<4096, 256>>>(a, c, 4096);
  rowsum_block<<<65536, 256>>>(a, c, 1024);

  lane_copy<<<4096, 256>>>(a, c, 32768);
  lane_copy<<<65536, 256>>>(a, c, 524288);

  strided_copy<<<4096, 256>>>(a, c, 1 << 20, 1);
  strided_copy<<<4096, 256>>>(a, c, 1 << 20, 2);
  strided_copy<<<4096, 256>>>(a, c, 1 << 20, 8);
  strided_copy<<<4096, 256>>>(a, c, 1 << 20, 32);
  strided_copy<<<65536, 256>>>(a, c, 1 << 24, 2);

  tri_rowsum<<<16, 256>>>(a, c, 4096);
  tri_rowsum<<<32, 256>>>(a, c, 8192);
  tri_solve<<<4, 256>>>(a, c, 1024, 1024);
  tri_solve<<<16, 256>>>(a, c, 512, 4096);

  softmax_row_per_thread<<<64, 256>>>(a, c, 16384, 256);
  softmax_row_per_thread<<<256, 256>>>(a, c, 65536, 128);

  stencil2d<<<dim3(128, 512), dim3(32, 8)>>>(a, c, 4096, 4096);
  stencil2d<<<dim3(256, 1024), dim3(32, 8)>>>(a, c, 8192, 8192);
  stencil3d<<<dim3(8, 32), dim3(32, 8)>>>(a, c, 256);
  stencil3d<<<dim3(12, 48), dim3(32, 8)>>>(a, c, 384);

  gather<<<4096, 256>>>(a, idx, c, 1 << 20);
  gather<<<65536, 256>>>(a, idx, c, 1 << 24);
  scatter<<<4096, 256>>>(a, idx, c, 1 << 20);
  scatter<<<65536, 256>>>(a, idx, c, 1 << 24);

  transpose_naive<<<dim3(128, 512), dim3(32, 8)>>>(a, c, 4096);
  transpose_naive<<<dim3(256, 1024), dim3(32, 8)>>>(a, c, 8192);
  transpose_tiled<<<dim3(128, 128), dim3(32, 32)>>>(a, c, 4096);
  transpose_tiled<<<dim3(256, 256), dim3(32, 32)>>>(a, c, 8192);

  batched_gemm16<<<16384, 256>>>(a, b, c);
  batched_gemm16<<<131072, 256>>>(a, b, c);

  scale_while<<<1024, 256>>>(a, c, 1 << 24);
  scale_while<<<8192, 256>>>(a, c, 1 << 26);

  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
