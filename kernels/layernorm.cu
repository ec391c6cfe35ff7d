// layernorm.cu - layer normalisation over the last dimension: one warp per
// row, a 32 x 4 block holds four rows, mean and variance reduced with
// __shfl_xor_sync butterflies, rsqrtf for the inverse standard deviation.
//
// EXPECT kernel=layernorm_warp grid=1x2048 block=32x4 flops_fp32=47972352 global_load_bytes=100663296 global_store_bytes=25165824 sfu_ops=262144
//
// Launch: grid (1, 8192 / 4) = 1x2048, block 32x4: row = blockIdx.y * 4 +
// threadIdx.y covers rows 0..8191 exactly, 262,144 threads, dim = 768, so
// each lane's `i = threadIdx.x; i < 768; i += 32` loops run 24 times.
//
// Per thread:
//   statistics loop: 24 x (load xr[i], s += v, ss += v * v) = 72 FLOPs, 96 B
//   warp_sum twice:  2 x 5 shuffle steps, one `+=` each     = 10 FLOPs
//                    (__shfl_xor_sync is a free library call)
//   mean = s / dim (1), var = ss / dim - mean * mean (3),
//   rsqrtf(var + eps) (1 FLOP + 1 SFU op)                   =  5 FLOPs
//   output loop: 24 x ((xr[i] - mean) * rstd * gamma[i] + beta[i]):
//                4 FLOPs, loads xr, gamma, beta (12 B), store 4 B
//   flops = 72 + 10 + 5 + 96 = 183            x 262,144 = 47,972,352
//   global loads  = 24 x 4 + 24 x 12 = 384 B  x 262,144 = 100,663,296
//   global stores = 24 x 4           =  96 B  x 262,144 =  25,165,824
//   sfu_ops = 1 rsqrtf                        x 262,144 =     262,144

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

#define ROWS_PER_BLOCK 4

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

// blockDim = (32, ROWS_PER_BLOCK): threadIdx.x is the lane, y the row.
__global__ void __launch_bounds__(32 * ROWS_PER_BLOCK)
    layernorm_warp(const float *__restrict__ x, const float *__restrict__ gamma,
                   const float *__restrict__ beta, float *__restrict__ y,
                   int rows, int dim, float eps) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= rows)
    return;
  const float *xr = x + static_cast<size_t>(row) * dim;
  float s = 0.0f, ss = 0.0f;
  for (int i = threadIdx.x; i < dim; i += 32) {
    float v = xr[i];
    s += v;
    ss += v * v;
  }
  s = warp_sum(s);
  ss = warp_sum(ss);
  float mean = s / dim;
  float var = ss / dim - mean * mean;
  float rstd = rsqrtf(var + eps);
  float *yr = y + static_cast<size_t>(row) * dim;
  for (int i = threadIdx.x; i < dim; i += 32)
    yr[i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
}

int main() {
  constexpr int kRows = 8192;
  constexpr int kDim = 768;
  constexpr float kEps = 1e-5f;
  constexpr size_t kCount = static_cast<size_t>(kRows) * kDim;
  constexpr size_t kBytes = kCount * sizeof(float);
  constexpr size_t kParamBytes = kDim * sizeof(float);

  std::vector<float> h_x(kCount), h_y(kCount), h_gamma(kDim), h_beta(kDim);
  for (size_t i = 0; i < kCount; ++i)
    h_x[i] = static_cast<float>((i * 13) % 97) * 0.03125f - 1.5f +
             static_cast<float>(i / kDim % 11) * 0.25f;
  for (int i = 0; i < kDim; ++i) {
    h_gamma[i] = 0.5f + static_cast<float>(i % 9) * 0.125f;
    h_beta[i] = static_cast<float>(i % 5) * 0.1f - 0.2f;
  }

  float *d_x = nullptr, *d_gamma = nullptr, *d_beta = nullptr, *d_y = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, kBytes));
  CUDA_CHECK(cudaMalloc(&d_gamma, kParamBytes));
  CUDA_CHECK(cudaMalloc(&d_beta, kParamBytes));
  CUDA_CHECK(cudaMalloc(&d_y, kBytes));
  CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_gamma, h_gamma.data(), kParamBytes,
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_beta, h_beta.data(), kParamBytes,
                        cudaMemcpyHostToDevice));

  dim3 block(32, ROWS_PER_BLOCK);
  dim3 grid(1, (kRows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
  layernorm_warp<<<grid, block>>>(d_x, d_gamma, d_beta, d_y, kRows, kDim, kEps);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_y.data(), d_y, kBytes, cudaMemcpyDeviceToHost));

  int errors = 0;
  for (int r = 0; r < kRows; ++r) {
    const float *xr = &h_x[static_cast<size_t>(r) * kDim];
    const float *yr = &h_y[static_cast<size_t>(r) * kDim];
    double mean = 0.0, var = 0.0;
    for (int i = 0; i < kDim; ++i)
      mean += xr[i];
    mean /= kDim;
    for (int i = 0; i < kDim; ++i)
      var += (xr[i] - mean) * (xr[i] - mean);
    var /= kDim;
    const double rstd = 1.0 / std::sqrt(var + kEps);
    for (int i = 0; i < kDim; ++i) {
      const double ref = (xr[i] - mean) * rstd * h_gamma[i] + h_beta[i];
      if (std::fabs(yr[i] - ref) > 1e-3 * std::fabs(ref) + 1e-3)
        ++errors;
    }
  }

  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_gamma));
  CUDA_CHECK(cudaFree(d_beta));
  CUDA_CHECK(cudaFree(d_y));

  std::printf("layernorm_warp: %dx%d errors=%d %s\n", kRows, kDim, errors,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
