// Histogram and scan ladders.
// Histogram of 2^26 uint32 values (a hash of the index, 256 MiB) into 1024
// bins (bin = value % 1024); a fixed grid of 1024 blocks x 256 threads walks
// the input with a grid-stride loop. The bins are cleared once before the
// warm-up launch and accumulate over all launches; the check compares every
// bin with (launches x) a CPU histogram. Steps:
//   hist1_global_atomic_int            one global atomicAdd per value.
//   hist2_shared_atomic                per-block bins in shared memory
//                                      (4 KiB), merged into the global bins
//                                      with one atomicAdd per bin per block.
//   hist3_shared_atomic_warp_private   one sub-histogram per warp in shared
//                                      memory (8 x 1024 bins, 32 KiB): only
//                                      the lanes of one warp contend; the
//                                      block sums the 8 copies at the end.
// Block-level inclusive scan of 2^24 floats (64 MiB) in 1024-element blocks
// (16384 blocks); no carry between blocks, so every step does the same work.
// Inputs are multiples of 1/4 below 4, so every prefix is exact in fp32 and
// the check compares all 2^24 outputs with a CPU scan exactly. Steps:
//   scan1_naive_hillis_steele          1024 threads, one element each; log2
//                                      (1024) = 10 steps over two shared
//                                      buffers (2 x 4 KiB), a barrier each.
//   scan2_work_efficient_blelloch      512 threads, two elements each;
//                                      up-sweep and down-sweep of an exclusive
//                                      scan in one 4 KiB buffer (O(n) adds),
//                                      plus the element for an inclusive
//                                      result.
//   scan3_warp_shuffle_scan            1024 threads: __shfl_up_sync scan in
//                                      each warp, one shared slot per warp,
//                                      a shuffle scan of the 32 warp sums,
//                                      added back to each warp.
// Set RLA_REPS to change the number of timed launches (default 5).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,         \
              __LINE__, cudaGetErrorString(err_));                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

constexpr int HIST_N = 1 << 26;
constexpr int NUM_BINS = 1024;
constexpr int HIST_GRID = 1024;
constexpr int HIST_BLOCK = 256;
constexpr int HIST_WARPS = HIST_BLOCK / 32;
constexpr int SCAN_N = 1 << 24;
constexpr int SCAN_BLOCK = 1024; // elements per block
constexpr int REPS = 5;          // timed launches (RLA_REPS overrides)

static_assert(SCAN_N % SCAN_BLOCK == 0, "the scans assume whole blocks");
static_assert(SCAN_BLOCK == 32 * 32, "scan3: 32 warps of 32 lanes");

__host__ __device__ inline unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
__host__ __device__ inline unsigned hist_value(unsigned i) {
  return hash32(i * 2654435761u + 12345u);
}
// multiples of 1/4 in [0, 4): block prefixes (< 4096) are exact in fp32
__host__ __device__ inline float scan_value(unsigned i) {
  return float(hash32(i) & 15u) * 0.25f;
}

// ---------------------------------------------------------------- init
__global__ void hist_init(unsigned *v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = hist_value(unsigned(i));
}
__global__ void scan_init(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = scan_value(unsigned(i));
}

// ---------------------------------------------------------------- hist 1
__global__ void hist1_global_atomic_int(const unsigned *data, unsigned *bins,
                                        int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] % NUM_BINS], 1u);
}

// ---------------------------------------------------------------- hist 2
__global__ void hist2_shared_atomic(const unsigned *data, unsigned *bins,
                                    int n) {
  __shared__ unsigned local[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i] % NUM_BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

// ---------------------------------------------------------------- hist 3
__global__ void hist3_shared_atomic_warp_private(const unsigned *data,
                                                 unsigned *bins, int n) {
  __shared__ unsigned local[HIST_WARPS][NUM_BINS];
  unsigned *mine = local[threadIdx.x / 32];
  for (int b = threadIdx.x; b < HIST_WARPS * NUM_BINS; b += blockDim.x)
    (&local[0][0])[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&mine[data[i] % NUM_BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
    unsigned s = 0;
#pragma unroll
    for (int w = 0; w < HIST_WARPS; ++w)
      s += local[w][b];
    atomicAdd(&bins[b], s);
  }
}

// ---------------------------------------------------------------- scan 1
__global__ void scan1_naive_hillis_steele(const float *in, float *out, int n) {
  __shared__ float buf[2][SCAN_BLOCK];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * SCAN_BLOCK + tid;
  int pout = 0;
  buf[pout][tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < SCAN_BLOCK; offset *= 2) {
    const int pin = pout;
    pout = 1 - pout;
    if (tid >= offset)
      buf[pout][tid] = buf[pin][tid] + buf[pin][tid - offset];
    else
      buf[pout][tid] = buf[pin][tid];
    __syncthreads();
  }
  if (i < n)
    out[i] = buf[pout][tid];
}

// ---------------------------------------------------------------- scan 2
__global__ void scan2_work_efficient_blelloch(const float *in, float *out,
                                              int n) {
  __shared__ float temp[SCAN_BLOCK];
  const int tid = threadIdx.x; // SCAN_BLOCK / 2 threads
  const int base = blockIdx.x * SCAN_BLOCK;
  const int ia = base + tid, ib = base + tid + SCAN_BLOCK / 2;
  const float a = (ia < n) ? in[ia] : 0.0f;
  const float b = (ib < n) ? in[ib] : 0.0f;
  temp[tid] = a;
  temp[tid + SCAN_BLOCK / 2] = b;
  int offset = 1;
  for (int d = SCAN_BLOCK / 2; d > 0; d >>= 1) { // up-sweep
    __syncthreads();
    if (tid < d) {
      const int ai = offset * (2 * tid + 1) - 1;
      const int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (tid == 0)
    temp[SCAN_BLOCK - 1] = 0.0f; // the thread that wrote the total
  for (int d = 1; d < SCAN_BLOCK; d *= 2) { // down-sweep
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      const int ai = offset * (2 * tid + 1) - 1;
      const int bi = offset * (2 * tid + 2) - 1;
      const float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  // exclusive prefix + the element itself = inclusive prefix
  if (ia < n)
    out[ia] = temp[tid] + a;
  if (ib < n)
    out[ib] = temp[tid + SCAN_BLOCK / 2] + b;
}

// ---------------------------------------------------------------- scan 3
__global__ void scan3_warp_shuffle_scan(const float *in, float *out, int n) {
  __shared__ float warpSums[32];
  const int tid = threadIdx.x;
  const int lane = tid % 32, warp = tid / 32;
  const int i = blockIdx.x * SCAN_BLOCK + tid;
  float v = (i < n) ? in[i] : 0.0f;
  for (int offset = 1; offset < 32; offset *= 2) {
    const float t = __shfl_up_sync(0xffffffffu, v, offset);
    if (lane >= offset)
      v += t;
  }
  if (lane == 31)
    warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float s = warpSums[lane]; // SCAN_BLOCK / 32 = 32 warps
    for (int offset = 1; offset < 32; offset *= 2) {
      const float t = __shfl_up_sync(0xffffffffu, s, offset);
      if (lane >= offset)
        s += t;
    }
    warpSums[lane] = s;
  }
  __syncthreads();
  if (warp > 0)
    v += warpSums[warp - 1];
  if (i < n)
    out[i] = v;
}

// ---------------------------------------------------------------- host
static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}

static int reps_from_env() {
  const char *s = getenv("RLA_REPS");
  const int r = s ? atoi(s) : REPS;
  return r > 0 ? r : REPS;
}

// Every bin against launches x the CPU histogram.
static void check_bins(const char *name, const unsigned *dBins,
                       const std::vector<unsigned> &ref, unsigned launches) {
  std::vector<unsigned> h(NUM_BINS);
  CUDA_CHECK(cudaMemcpy(h.data(), dBins, sizeof(unsigned) * NUM_BINS,
                        cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < NUM_BINS; ++b)
    if (h[b] != ref[b] * launches) {
      if (ok)
        fprintf(stderr, "%s: bin %d got %u expected %u\n", name, b, h[b],
                ref[b] * launches);
      ok = false;
    }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Every output against the CPU block scan (exact: see the header).
static void check_scan(const char *name, const float *dOut,
                       const std::vector<float> &ref) {
  std::vector<float> h(SCAN_N);
  CUDA_CHECK(cudaMemcpy(h.data(), dOut, sizeof(float) * SCAN_N,
                        cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < SCAN_N; ++i)
    if (h[i] != ref[i]) {
      if (ok)
        fprintf(stderr, "%s: [%d] got %f expected %f\n", name, i, h[i], ref[i]);
      ok = false;
    }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Clears OUTBUF (BYTES), one warm-up launch, then reps timed launches
// between two events.
#define TIME_KERNEL(NAME, OUTBUF, BYTES, GRID, BLOCK_, SMEM, ...)              \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(OUTBUF, 0, BYTES));                                  \
    NAME<<<GRID, BLOCK_, SMEM>>>(__VA_ARGS__);                                 \
    CUDA_CHECK(cudaGetLastError());                                            \
    CUDA_CHECK(cudaDeviceSynchronize());                                       \
    CUDA_CHECK(cudaEventRecord(start));                                        \
    for (int rep = 0; rep < reps; ++rep)                                       \
      NAME<<<GRID, BLOCK_, SMEM>>>(__VA_ARGS__);                               \
    CUDA_CHECK(cudaEventRecord(stop));                                         \
    CUDA_CHECK(cudaEventSynchronize(stop));                                    \
    CUDA_CHECK(cudaGetLastError());                                            \
    float ms = 0.0f;                                                           \
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));                        \
    print_event(#NAME, GRID, BLOCK_, ms, reps);                                \
  } while (0)

int main() {
  const int reps = reps_from_env();
  const unsigned launches = unsigned(reps) + 1; // warm-up + timed
  unsigned *dData = nullptr, *dBins = nullptr;
  float *dScanIn = nullptr, *dScanOut = nullptr;
  CUDA_CHECK(cudaMalloc(&dData, sizeof(unsigned) * HIST_N));
  CUDA_CHECK(cudaMalloc(&dBins, sizeof(unsigned) * NUM_BINS));
  CUDA_CHECK(cudaMalloc(&dScanIn, sizeof(float) * SCAN_N));
  CUDA_CHECK(cudaMalloc(&dScanOut, sizeof(float) * SCAN_N));
  hist_init<<<CEIL_DIV(HIST_N, 256), 256>>>(dData, HIST_N);
  scan_init<<<CEIL_DIV(SCAN_N, 256), 256>>>(dScanIn, SCAN_N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  // CPU references
  std::vector<unsigned> histRef(NUM_BINS, 0u);
  for (unsigned i = 0; i < unsigned(HIST_N); ++i)
    ++histRef[hist_value(i) % NUM_BINS];
  std::vector<float> scanRef(SCAN_N);
  for (int b = 0; b < SCAN_N; b += SCAN_BLOCK) {
    float s = 0.0f;
    for (int k = 0; k < SCAN_BLOCK; ++k) {
      s += scan_value(unsigned(b + k));
      scanRef[b + k] = s;
    }
  }

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  {
    dim3 grid(HIST_GRID);
    dim3 block(HIST_BLOCK);
    TIME_KERNEL(hist1_global_atomic_int, dBins,
                sizeof(unsigned) * NUM_BINS, grid, block, 0, dData,
                dBins, HIST_N);
    check_bins("hist1_global_atomic_int", dBins, histRef, launches);
  }
  {
    dim3 grid(HIST_GRID);
    dim3 block(HIST_BLOCK);
    TIME_KERNEL(hist2_shared_atomic, dBins,
                sizeof(unsigned) * NUM_BINS, grid, block, 0, dData, dBins,
                HIST_N);
    check_bins("hist2_shared_atomic", dBins, histRef, launches);
  }
  {
    dim3 grid(HIST_GRID);
    dim3 block(HIST_BLOCK);
    TIME_KERNEL(hist3_shared_atomic_warp_private, dBins,
                sizeof(unsigned) * NUM_BINS, grid, block, 0,
                dData, dBins, HIST_N);
    check_bins("hist3_shared_atomic_warp_private", dBins, histRef, launches);
  }
  {
    dim3 grid(CEIL_DIV(SCAN_N, SCAN_BLOCK));
    dim3 block(SCAN_BLOCK);
    TIME_KERNEL(scan1_naive_hillis_steele, dScanOut,
                sizeof(float) * SCAN_N, grid, block, 0,
                dScanIn, dScanOut, SCAN_N);
    check_scan("scan1_naive_hillis_steele", dScanOut, scanRef);
  }
  {
    dim3 grid(CEIL_DIV(SCAN_N, SCAN_BLOCK));
    dim3 block(SCAN_BLOCK / 2);
    TIME_KERNEL(scan2_work_efficient_blelloch, dScanOut,
                sizeof(float) * SCAN_N, grid, block, 0,
                dScanIn, dScanOut, SCAN_N);
    check_scan("scan2_work_efficient_blelloch", dScanOut, scanRef);
  }
  {
    dim3 grid(CEIL_DIV(SCAN_N, SCAN_BLOCK));
    dim3 block(SCAN_BLOCK);
    TIME_KERNEL(scan3_warp_shuffle_scan, dScanOut,
                sizeof(float) * SCAN_N, grid, block, 0, dScanIn,
                dScanOut, SCAN_N);
    check_scan("scan3_warp_shuffle_scan", dScanOut, scanRef);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dData));
  CUDA_CHECK(cudaFree(dBins));
  CUDA_CHECK(cudaFree(dScanIn));
  CUDA_CHECK(cudaFree(dScanOut));
  return 0;
}
