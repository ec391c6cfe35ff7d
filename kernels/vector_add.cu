// vector_add.cu - element-wise addition of two float vectors.
//
// EXPECT kernel=vector_add grid=65536 block=256 flops_fp32=16777216 global_load_bytes=134217728 global_store_bytes=67108864 footprint_bytes=201326592 global_sector_bytes=201326592
//
// Memory model: a, b and c are touched once each (12 * n = 201,326,592
// distinct bytes); lanes read consecutive floats, 4 sectors per warp request,
// so the sectors moved equal the bytes requested.
//
// n = 1 << 24 = 16,777,216 elements, 256 threads per block, so the grid is
// (n + 255) / 256 = 65,536 blocks and every launched thread passes the
// `i < n` guard. Each thread performs one fp32 add, loads a[i] and b[i]
// (2 x 4 bytes) and stores c[i] (4 bytes):
//   flops  = n          = 16,777,216
//   loads  = 8 * n      = 134,217,728 bytes
//   stores = 4 * n      = 67,108,864 bytes
// Arithmetic intensity is 1 / 12 FLOP/byte: the kernel is memory bound on
// every current GPU.
//
// With the larger configuration N = 100,000,000 (change kN below) the same
// kernel launches (N + 255) / 256 = 390,625 blocks of 256 threads
// (exactly N threads, so the guard never masks anything) and moves
//   flops_fp32 = 100,000,000, global_load_bytes = 800,000,000,
//   global_store_bytes = 400,000,000.

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

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  constexpr int kN = 1 << 24;
  constexpr int kBlockSize = 256;
  constexpr size_t kBytes = static_cast<size_t>(kN) * sizeof(float);

  std::vector<float> h_a(kN), h_b(kN), h_c(kN);
  for (int i = 0; i < kN; ++i) {
    h_a[i] = static_cast<float>(i % 1024) * 0.25f + 1.0f;
    h_b[i] = static_cast<float>((i * 7) % 509) * 0.5f - 3.0f;
  }

  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, kBytes));
  CUDA_CHECK(cudaMalloc(&d_b, kBytes));
  CUDA_CHECK(cudaMalloc(&d_c, kBytes));
  CUDA_CHECK(cudaMemcpy(d_a, h_a.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b.data(), kBytes, cudaMemcpyHostToDevice));

  const int grid = (kN + kBlockSize - 1) / kBlockSize;
  vector_add<<<grid, kBlockSize>>>(d_a, d_b, d_c, kN);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_c.data(), d_c, kBytes, cudaMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < kN; ++i) {
    if (std::fabs(h_c[i] - (h_a[i] + h_b[i])) > 1e-5f) {
      if (++errors <= 5)
        std::fprintf(stderr, "mismatch at %d: %f\n", i, h_c[i]);
    }
  }

  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_c));

  std::printf("vector_add: n=%d %s\n", kN, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
