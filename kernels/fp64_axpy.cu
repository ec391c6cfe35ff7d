// fp64_axpy.cu - double-precision a*x plus y (daxpy) with an explicit fused
// multiply-add.
//
// EXPECT kernel=daxpy grid=32768 block=256 flops_fp64=16777216 global_load_bytes=134217728 global_store_bytes=67108864
//
// n = 1 << 23 = 8,388,608 doubles, 256 threads per block,
// (n + 255) / 256 = 32,768 blocks; every thread passes `i < n`.
// fma(a, x[i], y[i]) counts as 2 FLOPs; each thread loads x[i] and y[i]
// (16 bytes) and stores y[i] (8 bytes):
//   flops_fp64 = 2 * n  = 16,777,216
//   loads      = 16 * n = 134,217,728 bytes
//   stores     = 8 * n  = 67,108,864 bytes
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
  constexpr int kN = 1 << 23;
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
