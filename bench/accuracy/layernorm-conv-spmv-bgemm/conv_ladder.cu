// 2D convolution ladder: out[y][x] = sum_{i,j < 5} f[i][j] * in[y+i-2][x+j-2]
// over a 4096 x 4096 fp32 image (64 MiB in, 64 MiB out) with a 5x5 filter
// and zero padding outside the image. Inputs are multiples of 1/256 below 1
// and the filter multiples of 1/16 in [-0.5, 0.5): every product and partial
// sum is exact in fp32, so the check compares sampled points (borders and
// corners included) exactly with a CPU reference. Steps:
//   cv1_naive_global_filter         one output per thread, 32x8 blocks,
//                                   25 image reads and 25 filter reads from
//                                   global memory per output.
//   cv2_constant_filter             the same with the filter in __constant__
//                                   memory (uniform indices: broadcast).
//   cv3_shared_tile                 a 32x32 block stages its 32x32 output
//                                   tile plus a 2-point halo (36x36 floats)
//                                   in shared memory; filter in constant.
//   cv4_shared_tile_4px_per_thread  the same 36x36 tile staged by an 8x32
//                                   block; each thread computes 4 adjacent
//                                   outputs of one row from two float4 shared
//                                   loads per filter row (8 values reused
//                                   across the 4 outputs).
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

constexpr int W = 4096;                 // image width
constexpr int H = 4096;                 // image height
constexpr int K = 5;                    // filter side
constexpr int R = K / 2;                // filter radius (halo width)
constexpr int BX = 32;                  // cv1 / cv2 block width
constexpr int BY = 8;                   // cv1 / cv2 block height
constexpr int TILE = 32;                // cv3 / cv4 output tile side
constexpr int HALO_TILE = TILE + 2 * R; // 36: staged tile side
constexpr int PX = 4;                   // cv4 outputs per thread
constexpr int REPS = 5;                 // timed launches (RLA_REPS overrides)

static_assert(TILE % PX == 0, "cv4 covers a tile row with whole groups");
static_assert(HALO_TILE % 4 == 0, "cv4 reads shared rows as float4");
static_assert(W % TILE == 0 && H % TILE == 0, "whole tiles");

__constant__ float c_filter[K * K];

__host__ __device__ inline unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
// image values: multiples of 1/256 in [0, 1)
__host__ __device__ inline float in_value(unsigned idx) {
  return float(hash32(idx) & 0xffu) * (1.0f / 256.0f);
}
// filter taps: multiples of 1/16 in [-0.5, 0.5)
__host__ __device__ inline float filter_value(unsigned k) {
  return float(hash32(k + 0x1234567u) & 0xfu) * (1.0f / 16.0f) - 0.5f;
}

// ---------------------------------------------------------------- init
__global__ void cv_init(float *x, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = in_value(i);
}
__global__ void cv_init_filter(float *f) {
  const unsigned k = threadIdx.x;
  if (k < unsigned(K * K))
    f[k] = filter_value(k);
}

// ---------------------------------------------------------------- step 1
__global__ void cv1_naive_global_filter(const float *in, const float *filt,
                                        float *out, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < K; ++i) {
    const int yy = y + i - R;
    if (yy < 0 || yy >= h)
      continue;
#pragma unroll
    for (int j = 0; j < K; ++j) {
      const int xx = x + j - R;
      if (xx >= 0 && xx < w)
        acc += filt[i * K + j] * in[size_t(yy) * w + xx];
    }
  }
  out[size_t(y) * w + x] = acc;
}

// ---------------------------------------------------------------- step 2
__global__ void cv2_constant_filter(const float *in, float *out, int w,
                                    int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < K; ++i) {
    const int yy = y + i - R;
    if (yy < 0 || yy >= h)
      continue;
#pragma unroll
    for (int j = 0; j < K; ++j) {
      const int xx = x + j - R;
      if (xx >= 0 && xx < w)
        acc += c_filter[i * K + j] * in[size_t(yy) * w + xx];
    }
  }
  out[size_t(y) * w + x] = acc;
}

// ---------------------------------------------------------------- step 3
// The block (any shape) fills tile[][] with the image window whose top-left
// corner is (x0 - R, y0 - R), zeros outside the image.
__device__ inline void load_halo_tile(float (*tile)[HALO_TILE], const float *in,
                                      int w, int h, int x0, int y0) {
  const int nthreads = blockDim.x * blockDim.y;
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  for (int e = tid; e < HALO_TILE * HALO_TILE; e += nthreads) {
    const int ty = e / HALO_TILE, tx = e % HALO_TILE;
    const int gy = y0 - R + ty, gx = x0 - R + tx;
    float v = 0.0f;
    if (gy >= 0 && gy < h && gx >= 0 && gx < w)
      v = in[size_t(gy) * w + gx];
    tile[ty][tx] = v;
  }
}

// block TILE x TILE, one output per thread
__global__ void cv3_shared_tile(const float *in, float *out, int w, int h) {
  __shared__ float tile[HALO_TILE][HALO_TILE];
  const int x0 = blockIdx.x * TILE, y0 = blockIdx.y * TILE;
  load_halo_tile(tile, in, w, h, x0, y0);
  __syncthreads();
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = x0 + tx, y = y0 + ty;
  if (x >= w || y >= h)
    return;
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < K; ++i)
#pragma unroll
    for (int j = 0; j < K; ++j)
      acc += c_filter[i * K + j] * tile[ty + i][tx + j];
  out[size_t(y) * w + x] = acc;
}

// ---------------------------------------------------------------- step 4
// block (TILE / PX) x TILE: thread (tx, ty) computes outputs
// (x0 + PX*tx + p, y0 + ty) for p < PX.
__global__ void cv4_shared_tile_4px_per_thread(const float *in, float *out,
                                               int w, int h) {
  __shared__ __align__(16) float tile[HALO_TILE][HALO_TILE];
  const int x0 = blockIdx.x * TILE, y0 = blockIdx.y * TILE;
  load_halo_tile(tile, in, w, h, x0, y0);
  __syncthreads();
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = x0 + PX * tx, y = y0 + ty;
  if (y >= h)
    return;
  float acc[PX] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
  for (int i = 0; i < K; ++i) {
    // the 8 values tile[ty + i][PX*tx .. PX*tx + 7] cover the 4 windows
    const float4 a = *reinterpret_cast<const float4 *>(&tile[ty + i][PX * tx]);
    const float4 b =
        *reinterpret_cast<const float4 *>(&tile[ty + i][PX * tx + 4]);
    const float row[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
#pragma unroll
    for (int j = 0; j < K; ++j) {
      const float f = c_filter[i * K + j];
#pragma unroll
      for (int p = 0; p < PX; ++p)
        acc[p] += f * row[p + j];
    }
  }
  float *o = out + size_t(y) * w + x;
#pragma unroll
  for (int p = 0; p < PX; ++p)
    if (x + p < w)
      o[p] = acc[p];
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

static float cpu_conv(int x, int y) {
  float acc = 0.0f;
  for (int i = 0; i < K; ++i)
    for (int j = 0; j < K; ++j) {
      const int yy = y + i - R, xx = x + j - R;
      if (yy >= 0 && yy < H && xx >= 0 && xx < W)
        acc += filter_value(i * K + j) * in_value(unsigned(yy) * W + xx);
    }
  return acc;
}

// Sampled points (corners, borders, tile edges, interior); every value is
// exact, so the comparison is exact.
static void check_out(const char *name, const float *dOut) {
  const int pts[] = {0, 1, 2, 3, 30, 31, 32, 33, 35, 36, 1000, 2049, W - 3,
                     W - 2, W - 1};
  bool ok = true;
  for (int y : pts)
    for (int x : pts) {
      float got;
      CUDA_CHECK(cudaMemcpy(&got, dOut + size_t(y) * W + x, sizeof(float),
                            cudaMemcpyDeviceToHost));
      const float want = cpu_conv(x, y);
      if (!(fabsf(got - want) <= 1e-6f)) {
        if (ok)
          fprintf(stderr, "%s: [%d][%d] got %g expected %g\n", name, y, x, got,
                  want);
        ok = false;
      }
    }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Clears the output, one warm-up launch, then reps timed launches.
#define TIME_KERNEL(NAME, GRID, BLOCK_, SMEM, ...)                             \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(dOut, 0, sizeof(float) * W * H));                    \
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
    check_out(#NAME, dOut);                                                    \
  } while (0)

int main() {
  const int reps = reps_from_env();
  float *dIn = nullptr, *dOut = nullptr, *dFilter = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, sizeof(float) * W * H));
  CUDA_CHECK(cudaMalloc(&dOut, sizeof(float) * W * H));
  CUDA_CHECK(cudaMalloc(&dFilter, sizeof(float) * K * K));
  cv_init<<<CEIL_DIV(W * H, 256), 256>>>(dIn, W * H);
  cv_init_filter<<<1, 32>>>(dFilter);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  // the constant copy of the filter comes from the device-initialised one
  CUDA_CHECK(cudaMemcpyToSymbol(c_filter, dFilter, sizeof(float) * K * K, 0,
                                cudaMemcpyDeviceToDevice));
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  {
    dim3 grid(CEIL_DIV(W, BX), CEIL_DIV(H, BY));
    dim3 block(BX, BY);
    TIME_KERNEL(cv1_naive_global_filter, grid, block, 0, dIn, dFilter, dOut, W,
                H);
  }
  {
    dim3 grid(CEIL_DIV(W, BX), CEIL_DIV(H, BY));
    dim3 block(BX, BY);
    TIME_KERNEL(cv2_constant_filter, grid, block, 0, dIn, dOut, W, H);
  }
  {
    dim3 grid(CEIL_DIV(W, TILE), CEIL_DIV(H, TILE));
    dim3 block(TILE, TILE);
    TIME_KERNEL(cv3_shared_tile, grid, block, 0, dIn, dOut, W, H);
  }
  {
    dim3 grid(CEIL_DIV(W, TILE), CEIL_DIV(H, TILE));
    dim3 block(TILE / PX, TILE);
    TIME_KERNEL(cv4_shared_tile_4px_per_thread, grid, block, 0, dIn, dOut, W,
                H);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  CUDA_CHECK(cudaFree(dFilter));
  return 0;
}
