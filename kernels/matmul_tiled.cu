// matmul_tiled.cu - C = A * B for square N x N float matrices using
// TILE_SIZE x TILE_SIZE shared-memory tiles of A and B.
//
// EXPECT kernel=matmul_tiled grid=32x32 block=32x32 flops_fp32=2147483648
// global_load_bytes=268435456 global_store_bytes=4194304
// shared_load_bytes=8589934592 shared_store_bytes=268435456
// footprint_bytes=12582912 global_sector_bytes=272629760
// shared_wavefront_bytes=6710886400
//
// Memory model (N = 1024, TILE = 32): 12 * N^2 = 12,582,912 distinct bytes.
// Each tile load is 32 consecutive floats per warp (4 sectors, 128 B); A and
// B each take N^3 / 1024 such requests: 2 * N^3 / 1024 * 128 B = N^3 / 4 =
// 268,435,456, plus 4 * N^2 for C: 272,629,760 sector bytes. Shared:
// Bs[k][tx] is a row, one wavefront per request: N^3 / 32 * 128 B = 4 * N^3.
// As[ty][k] is a broadcast that nvcc reads four k at a time (LDS.128, 2
// wavefronts for the warp): N^3 / 128 * 2 * 128 B = 2 * N^3. Plus the tile
// stores N^3 / 4: 6,710,886,400 wavefront bytes.
//
// N = 1024, TILE_SIZE = 32: 32 x 32 thread blocks, grid N / 32 = 32 blocks in
// x and y, N^2 = 1,048,576 threads, N / TILE_SIZE = 32 tiles per thread.
// N is a multiple of TILE_SIZE, so the kernel needs no bounds checks.
//
// Per thread and tile: one global load of A and one of B (8 bytes), stored
// into As and Bs (8 shared bytes); the inner k loop runs TILE_SIZE times with
// 2 shared loads (8 bytes) and 2 FLOPs each:
//   flops         = N^2 * 32 * 32 * 2 = 2 * N^3      = 2,147,483,648
//   global loads  = N^2 * 32 * 8      = 2*N^3*4 / 32 = 268,435,456 bytes
//   shared stores = N^2 * 32 * 8                     = 268,435,456 bytes
//   shared loads  = N^2 * 32 * 32 * 8 = 2 * N^3 * 4  = 8,589,934,592 bytes
//   global stores = N^2 * 4                          = 4,194,304 bytes
// Tiling cuts global traffic by the tile width (32x) relative to
// matmul_naive; the operand stream moves to shared memory instead. Two
// __syncthreads() per tile separate the load and compute phases.

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

#define TILE_SIZE 32

// Requires N % TILE_SIZE == 0 and blockDim == (TILE_SIZE, TILE_SIZE).
__global__ void matmul_tiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[TILE_SIZE][TILE_SIZE];
  __shared__ float Bs[TILE_SIZE][TILE_SIZE];

  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.y * TILE_SIZE + ty;
  int col = blockIdx.x * TILE_SIZE + tx;

  float sum = 0.0f;
  for (int t = 0; t < N / TILE_SIZE; ++t) {
    As[ty][tx] = A[row * N + t * TILE_SIZE + tx];
    Bs[ty][tx] = B[(t * TILE_SIZE + ty) * N + col];
    __syncthreads();

    for (int k = 0; k < TILE_SIZE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = sum;
}

int main() {
  constexpr int N = 1024;
  static_assert(N % TILE_SIZE == 0, "N must be a multiple of TILE_SIZE");
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

  dim3 block(TILE_SIZE, TILE_SIZE);
  dim3 grid(N / TILE_SIZE, N / TILE_SIZE);
  matmul_tiled<<<grid, block>>>(d_A, d_B, d_C, N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_C.data(), d_C, kBytes, cudaMemcpyDeviceToHost));

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

  std::printf("matmul_tiled: N=%d tile=%d errors=%d %s\n", N, TILE_SIZE,
              errors, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
