// Sum-reduction ladder over 2^25 floats. Every step writes one partial sum
// per block; the host adds the partials (in double) for the check, so each
// timed launch is the main kernel alone. Steps:
//   red1_interleaved_divergent       one element per thread, tree in shared
//                                    memory with tid % (2*s) == 0: divergent
//                                    warps.
//   red2_interleaved_strided_index   index = 2*s*tid: no divergence, but
//                                    shared-memory bank conflicts.
//   red3_sequential_addressing       s from blockDim/2 down: conflict free,
//                                    half the threads idle after the load.
//   red4_first_add_during_load       each thread adds two elements while
//                                    loading: half the blocks.
//   red5_unroll_last_warp            the last 6 steps (s <= 32) unrolled in
//                                    one warp without barriers (volatile).
//   red6_complete_unroll_template    block size as a template parameter:
//                                    the whole tree unrolled.
//   red7_grid_stride_multiple_elements  a fixed grid of 1024 blocks, each
//                                    thread sums many elements first.
//   red8_warp_shuffle                grid-stride sum, then __shfl_down_sync
//                                    within warps and one shared slot per
//                                    warp.
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

constexpr int N = 1 << 25;
constexpr int BLOCK = 256;
constexpr int MULTI_GRID = 1024; // blocks of the grid-stride steps

// ---------------------------------------------------------------- init
__global__ void red_init(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(i & 15) * 0.25f; // partial sums stay exact in fp32
}

// ---------------------------------------------------------------- step 1
__global__ void red1_interleaved_divergent(const float *in, float *out, int n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------- step 2
__global__ void red2_interleaved_strided_index(const float *in, float *out,
                                               int n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    const unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------- step 3
__global__ void red3_sequential_addressing(const float *in, float *out, int n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------- step 4
__global__ void red4_first_add_during_load(const float *in, float *out, int n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  float v = (i < n) ? in[i] : 0.0f;
  if (i + blockDim.x < n)
    v += in[i + blockDim.x];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------- step 5
__device__ void warp_reduce(volatile float *sdata, unsigned tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void red5_unroll_last_warp(const float *in, float *out, int n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  float v = (i < n) ? in[i] : 0.0f;
  if (i + blockDim.x < n)
    v += in[i + blockDim.x];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warp_reduce(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------- step 6
template <unsigned blockSize>
__device__ void warp_reduce_t(volatile float *sdata, unsigned tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <unsigned blockSize>
__device__ void block_tree(float *sdata, unsigned tid) {
  if (blockSize >= 1024) { if (tid < 512) sdata[tid] += sdata[tid + 512]; __syncthreads(); }
  if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) sdata[tid] += sdata[tid + 64]; __syncthreads(); }
  if (tid < 32)
    warp_reduce_t<blockSize>(sdata, tid);
}

template <unsigned blockSize>
__global__ void red6_complete_unroll_template(const float *in, float *out,
                                              int n) {
  __shared__ float sdata[blockSize];
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  float v = (i < n) ? in[i] : 0.0f;
  if (i + blockSize < n)
    v += in[i + blockSize];
  sdata[tid] = v;
  __syncthreads();
  block_tree<blockSize>(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------- step 7
template <unsigned blockSize>
__global__ void red7_grid_stride_multiple_elements(const float *in, float *out,
                                                   int n) {
  __shared__ float sdata[blockSize];
  const unsigned tid = threadIdx.x;
  const unsigned gridSize = blockSize * 2 * gridDim.x;
  unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  float v = 0.0f;
  while (i < n) {
    v += in[i];
    if (i + blockSize < n)
      v += in[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = v;
  __syncthreads();
  block_tree<blockSize>(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------- step 8
__inline__ __device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void red8_warp_shuffle(const float *in, float *out, int n) {
  __shared__ float warpSums[32];
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    v += in[i];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  v = warp_sum(v);
  if (lane == 0)
    warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = (lane < blockDim.x / 32) ? warpSums[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

// ---------------------------------------------------------------- host
static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}

// Adds the block partials on the host and compares with the exact sum.
static void check_sum(const char *name, const float *dPartial, int count,
                      double expected) {
  std::vector<float> h(count);
  CUDA_CHECK(cudaMemcpy(h.data(), dPartial, sizeof(float) * count,
                        cudaMemcpyDeviceToHost));
  double s = 0.0;
  for (int i = 0; i < count; ++i)
    s += h[i];
  const bool ok = fabs(s - expected) <= 1e-9 * fabs(expected);
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
  if (!ok)
    fprintf(stderr, "%s: got %.1f expected %.1f\n", name, s, expected);
}

// One warm-up launch, then 5 timed launches between two events.
#define TIME_KERNEL(LABEL, NAME, GRID, BLOCK_, SMEM, ...)                      \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(dPartial, 0, sizeof(float) * N / BLOCK));            \
    NAME<<<GRID, BLOCK_, SMEM>>>(__VA_ARGS__);                                 \
    CUDA_CHECK(cudaGetLastError());                                            \
    CUDA_CHECK(cudaDeviceSynchronize());                                       \
    CUDA_CHECK(cudaEventRecord(start));                                        \
    for (int rep = 0; rep < 5; ++rep)                                          \
      NAME<<<GRID, BLOCK_, SMEM>>>(__VA_ARGS__);                               \
    CUDA_CHECK(cudaEventRecord(stop));                                         \
    CUDA_CHECK(cudaEventSynchronize(stop));                                    \
    CUDA_CHECK(cudaGetLastError());                                            \
    float ms = 0.0f;                                                           \
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));                        \
    print_event(LABEL, GRID, BLOCK_, ms, 5);                                   \
    check_sum(LABEL, dPartial, (GRID).x, expected);                            \
  } while (0)

int main() {
  float *dIn = nullptr, *dPartial = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, sizeof(float) * N));
  CUDA_CHECK(cudaMalloc(&dPartial, sizeof(float) * (N / BLOCK)));
  red_init<<<CEIL_DIV(N, 256), 256>>>(dIn, N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  // sum of (i & 15) / 4 over i < N, N a multiple of 16
  const double expected = double(N / 16) * (15.0 * 16.0 / 2.0) * 0.25;

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const dim3 block(BLOCK);
  const size_t smem = BLOCK * sizeof(float);
  {
    dim3 grid(CEIL_DIV(N, BLOCK));
    TIME_KERNEL("red1_interleaved_divergent", red1_interleaved_divergent,
                grid, block, smem, dIn, dPartial, N);
  }
  {
    dim3 grid(CEIL_DIV(N, BLOCK));
    TIME_KERNEL("red2_interleaved_strided_index", red2_interleaved_strided_index,
                grid, block, smem, dIn, dPartial, N);
  }
  {
    dim3 grid(CEIL_DIV(N, BLOCK));
    TIME_KERNEL("red3_sequential_addressing", red3_sequential_addressing,
                grid, block, smem, dIn, dPartial, N);
  }
  {
    dim3 grid(CEIL_DIV(N, BLOCK * 2));
    TIME_KERNEL("red4_first_add_during_load", red4_first_add_during_load,
                grid, block, smem, dIn, dPartial, N);
  }
  {
    dim3 grid(CEIL_DIV(N, BLOCK * 2));
    TIME_KERNEL("red5_unroll_last_warp", red5_unroll_last_warp, grid, block,
                smem, dIn, dPartial, N);
  }
  {
    dim3 grid(CEIL_DIV(N, BLOCK * 2));
    TIME_KERNEL("red6_complete_unroll_template",
                red6_complete_unroll_template<BLOCK>, grid, block, 0, dIn,
                dPartial, N);
  }
  {
    dim3 grid(MULTI_GRID);
    TIME_KERNEL("red7_grid_stride_multiple_elements",
                red7_grid_stride_multiple_elements<BLOCK>, grid, block, 0, dIn,
                dPartial, N);
  }
  {
    dim3 grid(MULTI_GRID);
    TIME_KERNEL("red8_warp_shuffle", red8_warp_shuffle, grid, block, 0, dIn,
                dPartial, N);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dPartial));
  return 0;
}
