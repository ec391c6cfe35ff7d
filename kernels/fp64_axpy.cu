// fp64_axpy.cu - double-precision a*x plus y (daxpy) with an explicit fused
// multiply-add.
//
// EXPECT kernel=daxpy grid=131072 block=256 flops_fp64=67108864 global_load_bytes=536870912 global_store_bytes=268435456 footprint_bytes=536870912 global_sector_bytes=805306368
//
// n = 1 << 25 = 33,554,432 doubles (512 MiB of data), 256 threads per
// block, (n + 255) / 256 = 131,072 blocks; every thread passes `i < n`.
// fma(a, x[i], y[i]) counts as 2 FLOPs; each thread loads x[i] and y[i]
// (16 bytes) and stores y[i] (8 bytes):
//   flops_fp64 = 2 * n  = 67,108,864
//   loads      = 16 * n = 536,870,912 bytes
//   stores     = 8 * n  = 268,435,456 bytes
// Distinct bytes 16 * n = 536,870,912; coalesced (8 sectors per request of
// 32 doubles), so sectors moved = bytes requested = 805,306,368.
// Same byte volume as saxpy at twice the length, but half the FLOPs per
// byte; on parts with reduced fp64 throughput it still stays memory bound.

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

__global__ void daxpy(int n, double a, const double *x, double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = fma(a, x[i], y[i]);
}

int main() {
  constexpr int kN = 1 << 25;
  constexpr int kBlockSize = 256;
  constexpr double kAlpha = 0.3;
  constexpr size_t kBytes = static_cast<size_t>(kN) * sizeof(double);

  std::vector<double> h_x(kN), h_y(kN), h_ref(kN);
  for (int i = 0; i < kN; ++i) {
    h_x[i] = static_cast<double>(i % 1009) * 1e-3 + 1.0;
    h_y[i] = static_cast<double>((i * 5) % 77) * 0.5 - 19.0;
    h_ref[i] = std::fma(kAlpha, h_x[i], h_y[i]);
  }

  double *d_x = nullptr, *d_y = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, kBytes));
  CUDA_CHECK(cudaMalloc(&d_y, kBytes));
  CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_y, h_y.data(), kBytes, cudaMemcpyHostToDevice));

  const int grid = (kN + kBlockSize - 1) / kBlockSize;
  daxpy<<<grid, kBlockSize>>>(kN, kAlpha, d_x, d_y);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_y.data(), d_y, kBytes, cudaMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < kN; ++i)
    if (std::fabs(h_y[i] - h_ref[i]) > 1e-12 * std::fabs(h_ref[i]) + 1e-12)
      ++errors;

  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));

  std::printf("daxpy: n=%d errors=%d %s\n", kN, errors,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
