// hgemv.cu - fp16 matrix-vector product y = W x (W is M x K, row-major): one
// warp per row, a 32 x 8 block holds eight rows, __half2 loads and __hfma2
// accumulation, then an fp32 __shfl_down_sync reduction of the two lanes'
// partial sums.
//
// EXPECT kernel=hgemv_half2 grid=1x512 block=32x8 flops_fp16=33554432 flops_fp32=786432 global_load_bytes=67108864 global_store_bytes=8192
//
// Launch: M = K = 4096; grid (1, 4096 / 8) = 1x512, block 32x8: 512 x 256
// = 131,072 threads, one warp per row, every row < M.
//
// Per thread: `k = lane; k < K/2; k += 32` runs 2048 / 32 = 64 times, each
// loading two __half2 (8 B) and doing one __hfma2 = 2 FLOPs x 2 lanes = 4
// fp16 FLOPs. Then __low2float + __high2float (1 fp32 FLOP) and 5 shuffle
// steps `s += ...` (5 fp32 FLOPs; conversions and shuffles are free).
// Lane 0 of each row stores one __half (2 B).
//   flops_fp16    = 131,072 x 64 x 4 = 33,554,432 (= 2 M K)
//   flops_fp32    = 131,072 x 6      =    786,432
//   global loads  = 131,072 x 64 x 8 = 67,108,864 bytes
//   global stores = 4096 x 2         =      8,192 bytes

#include <cuda_fp16.h>
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

#define ROWS_PER_BLOCK 8

// blockDim = (32, ROWS_PER_BLOCK): threadIdx.x is the lane, y the row.
// K must be even.
__global__ void hgemv_half2(const __half *__restrict__ W,
                            const __half *__restrict__ x,
                            __half *__restrict__ y, int M, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int lane = threadIdx.x;
  if (row >= M)
    return;
  const __half2 *w2 =
      reinterpret_cast<const __half2 *>(W + static_cast<size_t>(row) * K);
  const __half2 *x2 = reinterpret_cast<const __half2 *>(x);
  __half2 acc = __float2half2_rn(0.0f);
  for (int k = lane; k < K / 2; k += 32)
    acc = __hfma2(w2[k], x2[k], acc);
  float s = __low2float(acc) + __high2float(acc);
  for (int off = 16; off > 0; off /= 2)
    s += __shfl_down_sync(0xffffffffu, s, off);
  if (lane == 0)
    y[row] = __float2half(s);
}

int main() {
  constexpr int kM = 4096;
  constexpr int kK = 4096;
  constexpr size_t kBytesW = static_cast<size_t>(kM) * kK * sizeof(__half);

  // Small multiples of 1/16 keep the fp16 products and lane sums exact or
  // nearly so; the tolerance covers the rounding that remains.
  std::vector<__half> h_w(static_cast<size_t>(kM) * kK), h_x(kK), h_y(kM);
  std::vector<float> f_w(h_w.size()), f_x(kK);
  for (size_t i = 0; i < h_w.size(); ++i) {
    f_w[i] = static_cast<float>(static_cast<int>((i * 7 + i / kK) % 9) - 4) * 0.0625f;
    h_w[i] = __float2half(f_w[i]);
  }
  for (int k = 0; k < kK; ++k) {
    f_x[k] = static_cast<float>(k % 5 + 1) * 0.0625f;
    h_x[k] = __float2half(f_x[k]);
  }

  __half *d_w = nullptr, *d_x = nullptr, *d_y = nullptr;
  CUDA_CHECK(cudaMalloc(&d_w, kBytesW));
  CUDA_CHECK(cudaMalloc(&d_x, kK * sizeof(__half)));
  CUDA_CHECK(cudaMalloc(&d_y, kM * sizeof(__half)));
  CUDA_CHECK(cudaMemcpy(d_w, h_w.data(), kBytesW, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), kK * sizeof(__half),
                        cudaMemcpyHostToDevice));

  dim3 block(32, ROWS_PER_BLOCK);
  dim3 grid(1, (kM + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
  hgemv_half2<<<grid, block>>>(d_w, d_x, d_y, kM, kK);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_y.data(), d_y, kM * sizeof(__half),
                        cudaMemcpyDeviceToHost));

  int errors = 0;
  for (int m = 0; m < kM; ++m) {
    double ref = 0.0;
    for (int k = 0; k < kK; ++k)
      ref += static_cast<double>(f_w[static_cast<size_t>(m) * kK + k]) * f_x[k];
    const double got = __half2float(h_y[m]);
    if (std::fabs(got - ref) > 2e-3 * std::fabs(ref) + 1e-2)
      ++errors;
  }

  CUDA_CHECK(cudaFree(d_w));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));

  std::printf("hgemv_half2: M=%d K=%d errors=%d %s\n", kM, kK, errors,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
