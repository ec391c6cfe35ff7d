// histogram.cu - 256-bin byte histogram: per-block bins in shared memory
// updated with shared-memory atomicAdd in a grid-stride loop, then merged
// into the global bins with one global atomicAdd per bin and block.
//
// EXPECT kernel=histogram_smem grid=528 block=512 global_load_bytes=16777216 global_store_bytes=0 atomic_ops=16912384 atomic_bytes=67649536 shared_load_bytes=540672 shared_store_bytes=540672
//
// Launch: 528 blocks x 512 threads = 270,336 threads, n = 1 << 24 bytes of
// input, NBINS = 256.
//
//   bin init: `b = threadIdx.x; b < 256; b += 512` runs once in threads
//     0..255: 256 shared stores (4 B) per block = 528 x 1024 = 540,672 B.
//   grid-stride loop: n iterations over the launch, each loading one byte
//     (data[i], unsigned char) and issuing one shared-memory atomicAdd on a
//     4-byte counter: 16,777,216 load bytes, 16,777,216 atomics.
//   merge: 256 threads per block read local[b] (4 B shared) and issue one
//     global atomicAdd: 528 x 256 = 135,168 atomics, 540,672 shared bytes.
//   atomic_ops   = 16,777,216 + 135,168 = 16,912,384
//   atomic_bytes = 4 x 16,912,384       = 67,649,536
// No FLOPs: the histogram is integer work; no plain global stores.

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

#define NBINS 256

__global__ void histogram_smem(const unsigned char *__restrict__ data, int n,
                               unsigned int *__restrict__ bins) {
  __shared__ unsigned int local[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

int main() {
  constexpr int kN = 1 << 24;
  constexpr int kBlocks = 528;
  constexpr int kThreads = 512;
  constexpr size_t kBinBytes = NBINS * sizeof(unsigned int);

  std::vector<unsigned char> h_data(kN);
  std::vector<unsigned int> h_ref(NBINS, 0), h_bins(NBINS, 0);
  unsigned int state = 12345u;
  for (int i = 0; i < kN; ++i) {
    state = state * 1664525u + 1013904223u;
    // Skewed distribution: low bins are hit more often than high ones.
    const unsigned int r = state >> 8;
    h_data[i] = static_cast<unsigned char>((r & 0xff) & ((r >> 8) | 0x3f));
    ++h_ref[h_data[i]];
  }

  unsigned char *d_data = nullptr;
  unsigned int *d_bins = nullptr;
  CUDA_CHECK(cudaMalloc(&d_data, kN));
  CUDA_CHECK(cudaMalloc(&d_bins, kBinBytes));
  CUDA_CHECK(cudaMemcpy(d_data, h_data.data(), kN, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_bins, 0, kBinBytes));

  histogram_smem<<<kBlocks, kThreads>>>(d_data, kN, d_bins);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_bins.data(), d_bins, kBinBytes,
                        cudaMemcpyDeviceToHost));

  int errors = 0;
  for (int b = 0; b < NBINS; ++b)
    if (h_bins[b] != h_ref[b])
      ++errors;

  CUDA_CHECK(cudaFree(d_data));
  CUDA_CHECK(cudaFree(d_bins));

  std::printf("histogram_smem: n=%d bins=%d errors=%d %s\n", kN, NBINS, errors,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
