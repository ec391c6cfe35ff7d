// Fourth held-out suite: how the grid is cut, for kernels whose work per
// element is small. Written, and its predictions committed
// (bench/ladders4/predicted.md), before it first ran on a GPU.
//
// saxpy ladder (ax1..ax6): y = a * x + y over 2^24 floats.
//   ax1_block32          one element per thread, blocks of 32 threads
//   ax2_block128         one element per thread, blocks of 128
//   ax3_block256         one element per thread, blocks of 256
//   ax4_block1024        one element per thread, blocks of 1024
//   ax5_float4           four elements per thread as float4, blocks of 256
//   ax6_grid_stride      float4 grid-stride loop over 4 waves of 256-thread
//                        blocks (132 x 8 x 4 blocks on an H200)
// fill ladder (fl1..fl4): x[i] = v over 2^24 floats, stores only.
//   fl1_block64          one element per thread, blocks of 64
//   fl2_block256         one element per thread, blocks of 256
//   fl3_float4           four elements per thread as float4, blocks of 256
//   fl4_grid_stride      float4 grid-stride loop, 1056 blocks of 256
// small grids (single kernels): saxpy of few elements.
//   tiny_one_block       one block of 256 threads, 2048 elements (8 each,
//                        block-stride)
//   tiny_one_wave        132 blocks of 256 threads, one element each
// Set RLA_REPS to change the number of timed launches (default 5).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,         \
              __LINE__, cudaGetErrorString(err_));                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr int N = 1 << 24;
constexpr int N4 = N / 4;
constexpr int SMS = 132;
constexpr int STRIDE_GRID = SMS * 8 * 4;
constexpr int FILL_GRID = 1056;
constexpr int TINY_ONE_BLOCK_N = 2048;
constexpr int TINY_WAVE_N = SMS * 256;
constexpr int REPS = 5;

__global__ void init_float(float *x, int n, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = v + float(i & 7);
}

__global__ void ax1_block32(float a, const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void ax2_block128(float a, const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void ax3_block256(float a, const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void ax4_block1024(float a, const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void ax5_float4(float a, const float4 *x, float4 *y, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    const float4 u = x[i];
    float4 v = y[i];
    v.x = a * u.x + v.x;
    v.y = a * u.y + v.y;
    v.z = a * u.z + v.z;
    v.w = a * u.w + v.w;
    y[i] = v;
  }
}
__global__ void ax6_grid_stride(float a, const float4 *x, float4 *y, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4;
       i += blockDim.x * gridDim.x) {
    const float4 u = x[i];
    float4 v = y[i];
    v.x = a * u.x + v.x;
    v.y = a * u.y + v.y;
    v.z = a * u.z + v.z;
    v.w = a * u.w + v.w;
    y[i] = v;
  }
}

__global__ void fl1_block64(float *x, int n, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = v;
}
__global__ void fl2_block256(float *x, int n, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = v;
}
__global__ void fl3_float4(float4 *x, int n4, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4)
    x[i] = make_float4(v, v, v, v);
}
__global__ void fl4_grid_stride(float4 *x, int n4, float v) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4;
       i += blockDim.x * gridDim.x)
    x[i] = make_float4(v, v, v, v);
}

__global__ void tiny_one_block(float a, const float *x, float *y, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    y[i] = a * x[i] + y[i];
}
__global__ void tiny_one_wave(float a, const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}
static int reps_from_env() {
  const char *s = getenv("RLA_REPS");
  const int r = s ? atoi(s) : REPS;
  return r > 0 ? r : REPS;
}

#define TIME_KERNEL(NAME, GRID, BLOCK_, ...)                                   \
  do {                                                                         \
    NAME<<<GRID, BLOCK_>>>(__VA_ARGS__);                                       \
    CUDA_CHECK(cudaGetLastError());                                            \
    CUDA_CHECK(cudaDeviceSynchronize());                                       \
    CUDA_CHECK(cudaEventRecord(start));                                        \
    for (int rep = 0; rep < reps; ++rep)                                       \
      NAME<<<GRID, BLOCK_>>>(__VA_ARGS__);                                     \
    CUDA_CHECK(cudaEventRecord(stop));                                         \
    CUDA_CHECK(cudaEventSynchronize(stop));                                    \
    CUDA_CHECK(cudaGetLastError());                                            \
    float ms = 0.0f;                                                           \
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));                        \
    print_event(#NAME, dim3(GRID), dim3(BLOCK_), ms, reps);                    \
  } while (0)

int main() {
  const int reps = reps_from_env();
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  float *x, *y;
  CUDA_CHECK(cudaMalloc(&x, sizeof(float) * N));
  CUDA_CHECK(cudaMalloc(&y, sizeof(float) * N));
  init_float<<<N / 256, 256>>>(x, N, 1.0f);
  init_float<<<N / 256, 256>>>(y, N, 2.0f);
  CUDA_CHECK(cudaDeviceSynchronize());
  const float a = 0.5f;
  const float4 *x4 = reinterpret_cast<const float4 *>(x);
  float4 *y4 = reinterpret_cast<float4 *>(y);

  TIME_KERNEL(ax1_block32, N / 32, 32, a, x, y, N);
  TIME_KERNEL(ax2_block128, N / 128, 128, a, x, y, N);
  TIME_KERNEL(ax3_block256, N / 256, 256, a, x, y, N);
  TIME_KERNEL(ax4_block1024, N / 1024, 1024, a, x, y, N);
  TIME_KERNEL(ax5_float4, N4 / 256, 256, a, x4, y4, N4);
  TIME_KERNEL(ax6_grid_stride, STRIDE_GRID, 256, a, x4, y4, N4);

  TIME_KERNEL(fl1_block64, N / 64, 64, y, N, 3.0f);
  TIME_KERNEL(fl2_block256, N / 256, 256, y, N, 3.0f);
  TIME_KERNEL(fl3_float4, N4 / 256, 256, y4, N4, 3.0f);
  TIME_KERNEL(fl4_grid_stride, FILL_GRID, 256, y4, N4, 3.0f);

  TIME_KERNEL(tiny_one_block, 1, 256, a, x, y, TINY_ONE_BLOCK_N);
  TIME_KERNEL(tiny_one_wave, SMS, 256, a, x, y, TINY_WAVE_N);

  // The fills left 3.0 everywhere; the tiny kernels added a * x a few times.
  float h[2];
  CUDA_CHECK(cudaMemcpy(h, y + N - 2, sizeof h, cudaMemcpyDeviceToHost));
  printf("check,fill,%s\n", h[0] == 3.0f && h[1] == 3.0f ? "ok" : "FAIL");
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return 0;
}
