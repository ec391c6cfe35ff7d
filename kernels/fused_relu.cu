// fused_relu.cu - d = relu(a * x + b), once as three element-wise kernels
// with intermediates in global memory and once as a single fused kernel.
//
// EXPECT kernel=scale_kernel grid=262144 block=256 flops_fp32=67108864 global_load_bytes=268435456 global_store_bytes=268435456 footprint_bytes=536870912 global_sector_bytes=536870912
// EXPECT kernel=add_bias_kernel grid=262144 block=256 flops_fp32=67108864 global_load_bytes=268435456 global_store_bytes=268435456 footprint_bytes=536870912 global_sector_bytes=536870912
// EXPECT kernel=relu_kernel grid=262144 block=256 global_load_bytes=268435456 global_store_bytes=268435456 footprint_bytes=536870912 global_sector_bytes=536870912
// EXPECT kernel=fused_scale_bias_relu_kernel grid=262144 block=256 flops_fp32=134217728 global_load_bytes=268435456 global_store_bytes=268435456 footprint_bytes=536870912 global_sector_bytes=536870912
//
// n = 1 << 26 = 67,108,864, 256 threads per block, 262,144 blocks; every
// thread passes `i < n`. Each kernel loads one float and stores one float
// per element (268,435,456 bytes each way; 512 MiB of distinct data, the
// same as the coalesced sectors it moves):
//   scale_kernel      t1 = a * x        1 FLOP/elem  -> 67,108,864
//   add_bias_kernel   t2 = t1 + b       1 FLOP/elem  -> 67,108,864
//   relu_kernel       d  = fmaxf(t2, 0) 0 FLOPs (max is not counted)
//   fused kernel      d  = fmaxf(a*x + b, 0)  2 FLOPs/elem -> 134,217,728
// The unfused chain moves 3 * 512 MiB = 1.5 GiB for the same 2n FLOPs that
// the fused kernel does with 512 MiB: fusion triples arithmetic intensity.

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

__global__ void scale_kernel(const float *x, float *t1, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    t1[i] = a * x[i];
}

__global__ void add_bias_kernel(const float *t1, float *t2, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    t2[i] = t1[i] + b;
}

__global__ void relu_kernel(const float *t2, float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = fmaxf(t2[i], 0.0f);
}

__global__ void fused_scale_bias_relu_kernel(const float *x, float *d, float a,
                                             float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = fmaxf(a * x[i] + b, 0.0f);
}

static int count_errors(const std::vector<float> &got,
                        const std::vector<float> &x, float a, float b) {
  int errors = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const float ref = std::fmax(a * x[i] + b, 0.0f);
    if (std::fabs(got[i] - ref) > 1e-5f * std::fabs(ref) + 1e-5f)
      ++errors;
  }
  return errors;
}

int main() {
  constexpr int kN = 1 << 26;
  constexpr int kBlockSize = 256;
  constexpr float kScale = 1.5f;
  constexpr float kBias = -4.0f;
  constexpr size_t kBytes = static_cast<size_t>(kN) * sizeof(float);

  std::vector<float> h_x(kN), h_d(kN);
  for (int i = 0; i < kN; ++i)
    h_x[i] = static_cast<float>(i % 211) * 0.05f - 2.0f;

  float *d_x = nullptr, *d_t1 = nullptr, *d_t2 = nullptr, *d_d = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, kBytes));
  CUDA_CHECK(cudaMalloc(&d_t1, kBytes));
  CUDA_CHECK(cudaMalloc(&d_t2, kBytes));
  CUDA_CHECK(cudaMalloc(&d_d, kBytes));
  CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), kBytes, cudaMemcpyHostToDevice));

  const int grid = (kN + kBlockSize - 1) / kBlockSize;

  // Unfused: three passes over memory.
  scale_kernel<<<grid, kBlockSize>>>(d_x, d_t1, kScale, kN);
  CUDA_CHECK(cudaGetLastError());
  add_bias_kernel<<<grid, kBlockSize>>>(d_t1, d_t2, kBias, kN);
  CUDA_CHECK(cudaGetLastError());
  relu_kernel<<<grid, kBlockSize>>>(d_t2, d_d, kN);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_d.data(), d_d, kBytes, cudaMemcpyDeviceToHost));
  const int unfused_errors = count_errors(h_d, h_x, kScale, kBias);

  // Fused: one pass, same output buffer.
  CUDA_CHECK(cudaMemset(d_d, 0, kBytes));
  fused_scale_bias_relu_kernel<<<grid, kBlockSize>>>(d_x, d_d, kScale, kBias,
                                                     kN);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_d.data(), d_d, kBytes, cudaMemcpyDeviceToHost));
  const int fused_errors = count_errors(h_d, h_x, kScale, kBias);

  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_t1));
  CUDA_CHECK(cudaFree(d_t2));
  CUDA_CHECK(cudaFree(d_d));

  const bool ok = unfused_errors == 0 && fused_errors == 0;
  std::printf("fused_relu: n=%d unfused_errors=%d fused_errors=%d %s\n", kN,
              unfused_errors, fused_errors, ok ? "PASSED" : "FAILED");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
