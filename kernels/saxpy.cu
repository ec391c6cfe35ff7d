// saxpy.cu - single-precision a*x plus y, updated in place.
//
// EXPECT kernel=saxpy grid=262144 block=256 flops_fp32=134217728 global_load_bytes=536870912 global_store_bytes=268435456 footprint_bytes=536870912 global_sector_bytes=805306368
//
// n = 1 << 26 elements (512 MiB of data, several times any L2), 256 threads
// per block, (n + 255) / 256 = 262,144 blocks; all threads pass the `i < n`
// guard. Each thread computes `a * x[i] + y[i]` (one multiply and one add,
// 2 FLOPs), loads x[i] and y[i] and stores y[i]:
//   flops  = 2 * n = 134,217,728
//   loads  = 8 * n = 536,870,912 bytes
//   stores = 4 * n = 268,435,456 bytes
// Distinct bytes: x and y, 8 * n = 536,870,912. Consecutive lanes touch
// consecutive floats: 4 sectors per warp request, so the sectors moved equal
// the bytes requested, 12 * n = 805,306,368.
// The scalar `a` is a kernel parameter and costs no global traffic.

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

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  constexpr int kN = 1 << 26;
  constexpr int kBlockSize = 256;
  constexpr float kAlpha = 2.5f;
  constexpr size_t kBytes = static_cast<size_t>(kN) * sizeof(float);

  std::vector<float> h_x(kN), h_y(kN), h_ref(kN);
  for (int i = 0; i < kN; ++i) {
    h_x[i] = static_cast<float>(i % 997) * 0.01f + 0.5f;
    h_y[i] = static_cast<float>((i * 13) % 101) - 50.0f;
    h_ref[i] = kAlpha * h_x[i] + h_y[i];
  }

  float *d_x = nullptr, *d_y = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, kBytes));
  CUDA_CHECK(cudaMalloc(&d_y, kBytes));
  CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_y, h_y.data(), kBytes, cudaMemcpyHostToDevice));

  const int grid = (kN + 255) / 256;
  saxpy<<<grid, kBlockSize>>>(kN, kAlpha, d_x, d_y);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_y.data(), d_y, kBytes, cudaMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < kN; ++i) {
    if (std::fabs(h_y[i] - h_ref[i]) > 1e-4f * std::fabs(h_ref[i]) + 1e-4f)
      ++errors;
  }

  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));

  std::printf("saxpy: n=%d errors=%d %s\n", kN, errors,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
