// matmul_naive.cu - C = A * B for square N x N float matrices, one thread per
// output element, operands read straight from global memory.
//
// EXPECT kernel=matmul_naive grid=64x64 block=16x16 flops_fp32=2147483648 global_load_bytes=8589934592 global_store_bytes=4194304 footprint_bytes=12582912 global_sector_bytes=4299161600
//
// Memory model (N = 1024): A, B and C are N^2 floats each, 12 * N^2 =
// 12,582,912 distinct bytes. A 16x16 block puts two rows of 16 threads in a
// warp: A[row*N + k] is 2 addresses (2 sectors), B[k*N + col] 16 consecutive
// floats (2 sectors), C 2 rows of 64 bytes (4 sectors). N^3 / 32 requests
// per load: 4 * 32 * N^3 / 32 = 4 * N^3 bytes, plus 4 * N^2 for C:
// 4,299,161,600 sector bytes.
//
// N = 1024, 16 x 16 thread blocks, grid (N + 15) / 16 = 64 blocks in x and y:
// exactly N * N = 1,048,576 threads, all of which pass the bounds guard.
// Each thread runs the k loop N times; every iteration loads A[row*N+k] and
// B[k*N+col] (8 bytes) and does one multiply and one add (2 FLOPs). Each
// thread finally stores one float:
//   flops  = 2 * N^3     = 2,147,483,648
//   loads  = 2 * N^3 * 4 = 8,589,934,592 bytes
//   stores = N^2 * 4     = 4,194,304 bytes
// Source-level intensity is 0.25 FLOP/byte; in practice caches absorb much of
// the reuse, which is what the tiled version makes explicit.

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(err_));                           \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

#define BLOCK_DIM 16

__global__ void matmul_naive(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float sum = 0.0f;
    for (int k = 0; k < N; ++k)
      sum += A[row * N + k] * B[k * N + col];
    C[row * N + col] = sum;
  }
}

int main() {
  constexpr int N = 1024;
  constexpr size_t kBytes = static_cast<size_t>(N) * N * sizeof(float);

  std::vector<float> h_A(static_cast<size_t>(N) * N);
  std::vector<float> h_B(static_cast<size_t>(N) * N);
  std::vector<float> h_C(static_cast<size_t>(N) * N);
  for (int r = 0; r < N; ++r) {
    for (int c = 0; c < N; ++c) {
      h_A[r * N + c] = static_cast<float>((r + 2 * c) % 13) * 0.1f - 0.6f;
      h_B[r * N + c] = static_cast<float>((3 * r + c) % 11) * 0.05f + 0.1f;
    }
  }

  float *d_A = nullptr, *d_B = nullptr, *d_C = nullptr;
  CUDA_CHECK(cudaMalloc(&d_A, kBytes));
  CUDA_CHECK(cudaMalloc(&d_B, kBytes));
  CUDA_CHECK(cudaMalloc(&d_C, kBytes));
  CUDA_CHECK(cudaMemcpy(d_A, h_A.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_B, h_B.data(), kBytes, cudaMemcpyHostToDevice));

  dim3 block(BLOCK_DIM, BLOCK_DIM);
  dim3 grid((N + BLOCK_DIM - 1) / BLOCK_DIM, (N + BLOCK_DIM - 1) / BLOCK_DIM);
  matmul_naive<<<grid, block>>>(d_A, d_B, d_C, N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_C.data(), d_C, kBytes, cudaMemcpyDeviceToHost));

  // Spot-check a strided sample of rows and columns against a host reference.
  int errors = 0;
  for (int r = 0; r < N; r += 61) {
    for (int c = 0; c < N; c += 37) {
      double ref = 0.0;
      for (int k = 0; k < N; ++k)
        ref += static_cast<double>(h_A[r * N + k]) * h_B[k * N + c];
      if (std::fabs(h_C[r * N + c] - ref) > 1e-3 * std::fabs(ref) + 1e-3)
        ++errors;
    }
  }

  CUDA_CHECK(cudaFree(d_A));
  CUDA_CHECK(cudaFree(d_B));
  CUDA_CHECK(cudaFree(d_C));

  std::printf("matmul_naive: N=%d errors=%d %s\n", N, errors,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
