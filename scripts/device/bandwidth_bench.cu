// bandwidth_bench.cu - measures the ceilings of the hierarchical roofline on
// the GPU it runs on: DRAM read, L2 read (data resident in L2, L1 bypassed),
// L1 read (per-block data re-read through L1) and shared-memory read
// bandwidth. Prints one CSV line per level: level,bytes,seconds,bytes_per_s
// (the best of several timed repetitions). Run by measure_bandwidth.sh.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,      \
                   cudaGetErrorString(e_));                                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// Streams n float4 once per pass, `passes` times; .cg loads skip L1 so a
// buffer resident in L2 measures L2, a large one DRAM.
__global__ void read_cg(const float4 *in, size_t n, int passes, float *sink) {
  float acc = 0.0f;
  size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  for (int p = 0; p < passes; ++p)
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < n; i += stride) {
      float4 v = __ldcg(in + i);
      acc += v.x + v.y + v.z + v.w;
    }
  if (acc == 1234.5f)
    sink[0] = acc; // never true for the data used; keeps the loads
}

// Each block re-reads its own `per_block` float4 through L1 (.ca loads).
__global__ void read_l1(const float4 *in, int per_block, int passes,
                        float *sink) {
  const float4 *mine = in + static_cast<size_t>(blockIdx.x) * per_block;
  float acc = 0.0f;
  for (int p = 0; p < passes; ++p)
    for (int i = threadIdx.x; i < per_block; i += blockDim.x) {
      float4 v = __ldca(mine + i);
      acc += v.x + v.y + v.z + v.w;
    }
  if (acc == 1234.5f)
    sink[0] = acc;
}

// Conflict-free shared-memory reads: lane i reads word (i + k) of a warp's
// 32 consecutive words, one 128-byte wavefront per request.
__global__ void read_shared(int passes, float *sink) {
  __shared__ float s[4096];
  for (int i = threadIdx.x; i < 4096; i += blockDim.x)
    s[i] = static_cast<float>(i);
  __syncthreads();
  float acc = 0.0f;
  int lane = threadIdx.x & 31, base = (threadIdx.x & ~31) & 4095;
  for (int p = 0; p < passes; ++p) {
#pragma unroll 8
    for (int k = 0; k < 32; ++k)
      acc += s[(base + ((lane + k) & 31) + p * 32) & 4095];
  }
  if (acc == 1234.5f)
    sink[0] = acc;
}

template <typename F> double best_seconds(F launch, int reps) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  launch(); // warm-up: fills L2 / L1 where that is the point
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    CHECK(cudaGetLastError());
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    best = std::min(best, ms * 1e-3);
  }
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return best;
}

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int sms = prop.multiProcessorCount;
  std::printf("# device,%s,sms,%d,l2_bytes,%d\n", prop.name, sms,
              prop.l2CacheSize);
  std::printf("level,bytes,seconds,bytes_per_s\n");
  float *sink;
  CHECK(cudaMalloc(&sink, sizeof(float)));

  // DRAM: 4 GiB read once per launch, far beyond any L2.
  size_t dram_n = (size_t(4) << 30) / sizeof(float4);
  float4 *big;
  CHECK(cudaMalloc(&big, dram_n * sizeof(float4)));
  CHECK(cudaMemset(big, 0, dram_n * sizeof(float4)));
  int grid = sms * 8, block = 256;
  double t = best_seconds(
      [&] { read_cg<<<grid, block>>>(big, dram_n, 1, sink); }, 5);
  double bytes = double(dram_n) * sizeof(float4);
  std::printf("dram,%.0f,%.9f,%.6e\n", bytes, t, bytes / t);

  // L2: a quarter of the L2, resident after the warm-up, read 50 times.
  size_t l2_n = size_t(prop.l2CacheSize) / 4 / sizeof(float4);
  int passes = 50;
  t = best_seconds(
      [&] { read_cg<<<grid, block>>>(big, l2_n, passes, sink); }, 5);
  bytes = double(l2_n) * sizeof(float4) * passes;
  std::printf("l2,%.0f,%.9f,%.6e\n", bytes, t, bytes / t);

  // L1: 16 KiB per block, 4 blocks per SM, re-read 200 times.
  int per_block = 16 * 1024 / sizeof(float4), l1_blocks = sms * 4;
  passes = 200;
  t = best_seconds(
      [&] { read_l1<<<l1_blocks, 256>>>(big, per_block, passes, sink); }, 5);
  bytes = double(l1_blocks) * per_block * sizeof(float4) * passes;
  std::printf("l1,%.0f,%.9f,%.6e\n", bytes, t, bytes / t);

  // Shared memory: 4 blocks of 512 threads per SM, 32 words per pass.
  passes = 2000;
  int sh_blocks = sms * 4, sh_threads = 512;
  t = best_seconds(
      [&] { read_shared<<<sh_blocks, sh_threads>>>(passes, sink); }, 5);
  bytes = double(sh_blocks) * sh_threads * passes * 32 * sizeof(float);
  std::printf("shared,%.0f,%.9f,%.6e\n", bytes, t, bytes / t);

  CHECK(cudaFree(big));
  CHECK(cudaFree(sink));
  return 0;
}
