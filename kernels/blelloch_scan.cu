// blelloch_scan.cu - exclusive prefix sum of one million floats in three
// launches: a work-efficient (Blelloch) up-sweep / down-sweep scan of
// 2 * blockDim.x elements per block in shared memory, the same kernel on the
// per-block totals in a single block, and a pass adding each block's offset.
//
// EXPECT kernel=blelloch_scan grid=489 block=1024 flops_fp32=2001966 global_load_bytes=4000000 global_store_bytes=4001956 shared_load_bytes=24021616 shared_store_bytes=16019640
// EXPECT kernel=blelloch_scan grid=1 block=1024 flops_fp32=4094 global_load_bytes=1956 global_store_bytes=1960 shared_load_bytes=42900 shared_store_bytes=32760
// EXPECT kernel=add_block_offsets grid=3907 block=256 flops_fp32=1000000 global_load_bytes=8000000 global_store_bytes=4000000
//
// n = 1,000,000, 1024 threads scan 2048 elements per block.
//
// One block of blelloch_scan, any n:
//   input: each thread stores 2 shared floats (1024 x 8 = 8192 B) and loads
//     the in[] elements that are < n (4 B each).
//   up-sweep: d = 1024, 512, ..., 1; `tid < d` passes 2047 (thread, d) pairs,
//     each `temp[bi] += temp[ai]`: 1 FLOP, 8 B shared load, 4 B store.
//   thread 0: block_sums store (4 B global), temp[nper-1] read (4 B) and
//     zeroed (4 B).
//   down-sweep: d = 1, 2, ..., 1024: 2047 pairs, each 3 shared loads (12 B),
//     2 shared stores (8 B) and 1 FLOP.
//   output: 4 B shared load + 4 B global store per element < n.
//   per block: flops 4094; shared loads 2047 x 20 + 4 = 40,944 B plus 4 per
//   valid element; shared stores 8192 + 2047 x 12 + 4 = 32,760 B.
//
// Launch 1: 489 blocks, the last holding 1,000,000 - 488 x 2048 = 576
// elements; 1,000,000 valid elements in all.
//   flops         = 489 x 4094                    = 2,001,966
//   global loads  = 1,000,000 x 4                 = 4,000,000
//   global stores = 1,000,000 x 4 + 489 x 4       = 4,001,956
//   shared loads  = 489 x 40,944 + 1,000,000 x 4  = 24,021,616
//   shared stores = 489 x 32,760                  = 16,019,640
// Launch 2: the 489 block totals in one block.
//   flops 4094; global loads 489 x 4 = 1956; global stores 489 x 4 + 4 =
//   1960; shared loads 40,944 + 489 x 4 = 42,900; shared stores 32,760.
// Launch 3: ceil(1,000,000 / 256) = 3907 blocks, 1,000,000 threads pass
//   `i < n`: `out[i] += offsets[..]` = 1 FLOP, 8 B loaded, 4 B stored.

#include <cuda_runtime.h>

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

#define SCAN_THREADS 1024
#define PER_BLOCK (2 * SCAN_THREADS)

// Scans 2 * blockDim.x elements per block (blockDim.x a power of two) into
// out, exclusive; writes each block's total to block_sums. Dynamic shared
// memory: 2 * blockDim.x floats.
__global__ void blelloch_scan(const float *__restrict__ in,
                              float *__restrict__ out,
                              float *__restrict__ block_sums, int n) {
  extern __shared__ float temp[];
  int tid = threadIdx.x;
  int nper = 2 * blockDim.x;
  int base = blockIdx.x * nper;
  temp[2 * tid] = (base + 2 * tid < n) ? in[base + 2 * tid] : 0.0f;
  temp[2 * tid + 1] = (base + 2 * tid + 1 < n) ? in[base + 2 * tid + 1] : 0.0f;

  int offset = 1;
  for (int d = nper >> 1; d > 0; d >>= 1) {  // up-sweep
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (tid == 0) {
    block_sums[blockIdx.x] = temp[nper - 1];
    temp[nper - 1] = 0.0f;
  }
  for (int d = 1; d < nper; d *= 2) {  // down-sweep
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  if (base + 2 * tid < n)
    out[base + 2 * tid] = temp[2 * tid];
  if (base + 2 * tid + 1 < n)
    out[base + 2 * tid + 1] = temp[2 * tid + 1];
}

// out[i] += offsets[i / PER_BLOCK]: turns the per-block scans into one.
__global__ void add_block_offsets(float *__restrict__ out,
                                  const float *__restrict__ offsets, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += offsets[i / PER_BLOCK];
}

int main() {
  constexpr int kN = 1000000;
  constexpr int kBlocks = (kN + PER_BLOCK - 1) / PER_BLOCK;  // 489
  constexpr int kAddThreads = 256;
  constexpr size_t kBytes = kN * sizeof(float);
  constexpr size_t kSumBytes = kBlocks * sizeof(float);
  constexpr size_t kSmem = PER_BLOCK * sizeof(float);
  static_assert(kBlocks <= PER_BLOCK, "block totals must fit one block");

  // Multiples of 1/4 whose running sums stay below 2^22: every partial sum
  // is exact in fp32, so the result must match the reference exactly.
  std::vector<float> h_in(kN), h_out(kN);
  for (int i = 0; i < kN; ++i)
    h_in[i] = static_cast<float>((i * 5) % 7 + 1) * 0.25f;

  float *d_in = nullptr, *d_out = nullptr, *d_sums = nullptr,
        *d_offsets = nullptr, *d_total = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, kBytes));
  CUDA_CHECK(cudaMalloc(&d_out, kBytes));
  CUDA_CHECK(cudaMalloc(&d_sums, kSumBytes));
  CUDA_CHECK(cudaMalloc(&d_offsets, kSumBytes));
  CUDA_CHECK(cudaMalloc(&d_total, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), kBytes, cudaMemcpyHostToDevice));

  blelloch_scan<<<kBlocks, SCAN_THREADS, kSmem>>>(d_in, d_out, d_sums, kN);
  CUDA_CHECK(cudaGetLastError());
  blelloch_scan<<<1, SCAN_THREADS, kSmem>>>(d_sums, d_offsets, d_total,
                                            kBlocks);
  CUDA_CHECK(cudaGetLastError());
  add_block_offsets<<<(kN + kAddThreads - 1) / kAddThreads, kAddThreads>>>(
      d_out, d_offsets, kN);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  float h_total = 0.0f;
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, kBytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&h_total, d_total, sizeof(float),
                        cudaMemcpyDeviceToHost));

  int errors = 0;
  double running = 0.0;
  for (int i = 0; i < kN; ++i) {
    if (h_out[i] != static_cast<float>(running))
      ++errors;
    running += h_in[i];
  }
  if (h_total != static_cast<float>(running))
    ++errors;

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_sums));
  CUDA_CHECK(cudaFree(d_offsets));
  CUDA_CHECK(cudaFree(d_total));

  std::printf("blelloch_scan: n=%d total=%.2f errors=%d %s\n", kN, h_total,
              errors, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
