// dot_product.cu - float dot product: grid-stride accumulation, shared-memory
// tree reduction per block, one atomicAdd per block into the result.
//
// EXPECT kernel=dot_product grid=1024 block=256 flops_fp32=33815552 global_load_bytes=134217728 global_store_bytes=0 atomic_ops=1024 atomic_bytes=4096 shared_load_bytes=2093056 shared_store_bytes=2093056
//
// Launch: 1024 blocks x 256 threads = 262,144 threads, dynamic shared memory
// 256 * sizeof(float) = 1024 bytes per block, n = 1 << 24 = 16,777,216.
//
// Grid-stride loop: summed over all threads it runs exactly n iterations
// (64 per thread). Each iteration does `sum += x[i] * y[i]` (2 FLOPs) and
// loads two floats:
//   flops = 2 * n = 33,554,432      global loads = 8 * n = 134,217,728 bytes
//
// Shared-memory reduction: every thread stores its partial sum once
// (262,144 * 4 = 1,048,576 bytes). The loop over s runs log2(256) = 8 times;
// the guarded add executes for 128 + 64 + ... + 1 = 255 (thread, iteration)
// pairs per block, i.e. 255 * 1024 = 261,120 times in the grid. Each one is
// 1 FLOP, two shared loads (8 bytes) and one shared store (4 bytes):
//   flops         = 261,120
//   shared loads  = 261,120 * 8 = 2,088,960 bytes
//   shared stores = 261,120 * 4 = 1,044,480 bytes
//
// Thread 0 of each block reads cache[0] (1024 * 4 = 4,096 shared bytes) and
// issues one float atomicAdd on the result: 1,024 atomics, 4,096 bytes. The
// atomic addition is reported under atomic_ops, not as a FLOP.
//
// Totals: flops_fp32 = 33,554,432 + 261,120 = 33,815,552;
//   shared_load_bytes  = 2,088,960 + 4,096     = 2,093,056;
//   shared_store_bytes = 1,048,576 + 1,044,480 = 2,093,056.
// No plain global stores are issued (the result is zeroed with cudaMemset).

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

// blockDim.x must be a power of two; the launch supplies
// blockDim.x * sizeof(float) bytes of dynamic shared memory.
__global__ void dot_product(const float *x, const float *y, float *result,
                            int n) {
  extern __shared__ float cache[];
  int tid = threadIdx.x;

  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += x[i] * y[i];

  cache[tid] = sum;
  __syncthreads();

  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      cache[tid] += cache[tid + s];
    __syncthreads();
  }

  if (tid == 0)
    atomicAdd(result, cache[0]);
}

int main() {
  constexpr int kN = 1 << 24;
  constexpr int kBlocks = 1024;
  constexpr int kThreads = 256;
  constexpr size_t kBytes = static_cast<size_t>(kN) * sizeof(float);

  std::vector<float> h_x(kN), h_y(kN);
  double expected = 0.0;
  for (int i = 0; i < kN; ++i) {
    h_x[i] = static_cast<float>(i % 17) * 0.125f + 0.5f;
    h_y[i] = static_cast<float>((i * 3) % 29) * 0.0625f + 0.25f;
    expected += static_cast<double>(h_x[i]) * h_y[i];
  }

  float *d_x = nullptr, *d_y = nullptr, *d_result = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, kBytes));
  CUDA_CHECK(cudaMalloc(&d_y, kBytes));
  CUDA_CHECK(cudaMalloc(&d_result, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_y, h_y.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_result, 0, sizeof(float)));

  dot_product<<<kBlocks, kThreads, kThreads * sizeof(float)>>>(d_x, d_y,
                                                               d_result, kN);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  float h_result = 0.0f;
  CUDA_CHECK(cudaMemcpy(&h_result, d_result, sizeof(float),
                        cudaMemcpyDeviceToHost));

  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_result));

  const double rel_err =
      std::fabs(h_result - expected) / std::fmax(std::fabs(expected), 1.0);
  const bool ok = rel_err < 1e-4;
  std::printf("dot_product: n=%d result=%.6e expected=%.6e rel_err=%.2e %s\n",
              kN, h_result, expected, rel_err, ok ? "PASSED" : "FAILED");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
