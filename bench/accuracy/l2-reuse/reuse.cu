// Re-use across blocks when the data exceeds the L2: tiled matrix products
// in shapes and block orders other than the square ones of bench/idioms,
// and a table every block re-reads. Written, and predicted
// (bench/reuse/predicted.md), before they were measured
// (scripts/device/idioms_check.sh with SRC=bench/reuse/reuse.cu).
#include <cstdio>

// C (M x N) = A (M x K) * B (K x N), T x T tiles indexed (no pointer bumps);
// blockIdx.x walks the column tiles of C.
template <int T>
__global__ void gemm_tiled(const float *A, const float *B, float *C, int M,
                           int N, int K) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int tx = threadIdx.x % T, ty = threadIdx.x / T;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += T) {
    As[ty][tx] = A[row * K + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

// The same product with blockIdx.x walking the row tiles: consecutive
// blocks share B's column panel, and A's row panel is re-used a grid row
// later.
template <int T>
__global__ void gemm_tiled_rows_first(const float *A, const float *B,
                                      float *C, int M, int N, int K) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int tx = threadIdx.x % T, ty = threadIdx.x / T;
  int row = blockIdx.x * T + ty, col = blockIdx.y * T + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += T) {
    As[ty][tx] = A[row * K + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

// Every block reads the whole table (n floats) and writes one sum.
__global__ void table_reread(const float *table, float *out, int n) {
  __shared__ float part[256];
  float s = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += table[i];
  part[threadIdx.x] = s;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h /= 2) {
    if (threadIdx.x < h)
      part[threadIdx.x] += part[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = part[0];
}

__global__ void fill(float *x, size_t n, float v) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n)
    x[i] = v;
}

int main() {
  const size_t Elems = size_t(8192) * 4096; // the largest operand
  float *a, *b, *c;
  cudaMalloc(&a, Elems * sizeof(float));
  cudaMalloc(&b, Elems * sizeof(float));
  cudaMalloc(&c, Elems * 2 * sizeof(float));
  fill<<<(Elems + 255) / 256, 256>>>(a, Elems, 1.0f);
  fill<<<(Elems + 255) / 256, 256>>>(b, Elems, 0.5f);

  // M x N x K; grid (N / T, M / T).
  gemm_tiled<16><<<dim3(8192 / 16, 2048 / 16), 256>>>(a, b, c, 2048, 8192,
                                                       2048);
  gemm_tiled<16><<<dim3(2048 / 16, 8192 / 16), 256>>>(a, b, c, 8192, 2048,
                                                       2048);
  gemm_tiled<16><<<dim3(4096 / 16, 4096 / 16), 256>>>(a, b, c, 4096, 4096,
                                                       1024);
  gemm_tiled<32><<<dim3(8192 / 32, 2048 / 32), 1024>>>(a, b, c, 2048, 8192,
                                                        4096);
  gemm_tiled<16><<<dim3(2048 / 16, 2048 / 16), 256>>>(a, b, c, 2048, 2048,
                                                       2048);
  // grid (M / T, N / T).
  gemm_tiled_rows_first<16><<<dim3(4096 / 16, 4096 / 16), 256>>>(
      a, b, c, 4096, 4096, 4096);
  gemm_tiled_rows_first<16><<<dim3(2048 / 16, 8192 / 16), 256>>>(
      a, b, c, 2048, 8192, 2048);

  table_reread<<<264, 256>>>(a, c, 1 << 22);  // 16 MiB table
  table_reread<<<264, 256>>>(a, c, 1 << 25);  // 128 MiB table

  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
