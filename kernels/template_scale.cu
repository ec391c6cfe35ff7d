// template_scale.cu - in-place scaling through one kernel template,
// instantiated for float and double.
//
// EXPECT kernel=scale<float> grid=65536 block=256 flops_fp32=16777216 global_load_bytes=67108864 global_store_bytes=67108864
// EXPECT kernel=scale<double> grid=7813 block=128 flops_fp64=1000000 global_load_bytes=8000000 global_store_bytes=8000000
//
// `x[i] *= a` is one multiply, one load and one store of sizeof(T) bytes.
//
// scale<float>: n = 1 << 24 = 16,777,216, 256 threads per block,
//   (n + 255) / 256 = 65,536 blocks, no idle threads:
//   flops_fp32 = 16,777,216, loads = stores = 4 * n = 67,108,864 bytes.
//
// scale<double>: n = 1,000,000, 128 threads per block,
//   (n + 127) / 128 = 7,813 blocks = 1,000,064 threads; the `i < n` guard
//   masks the last 64, so exactly n threads do work:
//   flops_fp64 = 1,000,000, loads = stores = 8 * n = 8,000,000 bytes.

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

template <typename T> __global__ void scale(T *x, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

template <typename T>
static int check_scaled(const std::vector<T> &got, const std::vector<T> &in,
                        T a) {
  int errors = 0;
  for (size_t i = 0; i < in.size(); ++i)
    if (got[i] != in[i] * a)
      ++errors;
  return errors;
}

int main() {
  constexpr int kFloatN = 1 << 24;
  constexpr int kFloatBlock = 256;
  constexpr float kFloatScale = 0.75f;
  constexpr int kDoubleN = 1000000;
  constexpr int kDoubleBlock = 128;
  constexpr double kDoubleScale = -1.25;

  std::vector<float> h_f(kFloatN), h_f_out(kFloatN);
  for (int i = 0; i < kFloatN; ++i)
    h_f[i] = static_cast<float>(i % 4093) * 0.5f + 0.25f;
  std::vector<double> h_d(kDoubleN), h_d_out(kDoubleN);
  for (int i = 0; i < kDoubleN; ++i)
    h_d[i] = static_cast<double>(i % 8191) * 0.125 - 7.0;

  float *d_f = nullptr;
  double *d_d = nullptr;
  CUDA_CHECK(cudaMalloc(&d_f, kFloatN * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_d, kDoubleN * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(d_f, h_f.data(), kFloatN * sizeof(float),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_d, h_d.data(), kDoubleN * sizeof(double),
                        cudaMemcpyHostToDevice));

  scale<float><<<(kFloatN + kFloatBlock - 1) / kFloatBlock, kFloatBlock>>>(
      d_f, kFloatScale, kFloatN);
  CUDA_CHECK(cudaGetLastError());

  scale<double><<<(kDoubleN + kDoubleBlock - 1) / kDoubleBlock, kDoubleBlock>>>(
      d_d, kDoubleScale, kDoubleN);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_f_out.data(), d_f, kFloatN * sizeof(float),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(h_d_out.data(), d_d, kDoubleN * sizeof(double),
                        cudaMemcpyDeviceToHost));
  const int float_errors = check_scaled(h_f_out, h_f, kFloatScale);
  const int double_errors = check_scaled(h_d_out, h_d, kDoubleScale);

  CUDA_CHECK(cudaFree(d_f));
  CUDA_CHECK(cudaFree(d_d));

  const bool ok = float_errors == 0 && double_errors == 0;
  std::printf("template_scale: float_errors=%d double_errors=%d %s\n",
              float_errors, double_errors, ok ? "PASSED" : "FAILED");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
