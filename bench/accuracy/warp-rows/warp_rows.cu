// Tenth held-out suite: a warp (or a group of lanes) per row, the groups
// grid-striding over the rows, and loops the compiler unrolls. Written, and
// its predictions committed (bench/ladders10/predicted.md), before it first
// ran on a GPU.
//
// warp-row ladder (wr1..wr4): the sums of the rows of a 16M-float matrix,
// one warp per row, 256-thread blocks, the warps grid-striding over rows.
//   wr1_rows_2048_g32     2048 rows of 8192 floats on 32 blocks
//   wr2_rows_2048_g132    the same on 132 blocks
//   wr3_rows_16384_g132   16384 rows of 1024 floats on 132 blocks
//   wr4_rows_16384_g1024  the same on 1024 blocks
// group ladder (gw1..gw3): 16384 rows of 1024 floats on 264 blocks, each
// row summed by a group of 8, 16 or 32 lanes:
//   gw1_group_8, gw2_group_16, gw3_group_32
// singles:
//   gemv_warp_row_4096    y = A x, A 4096 x 4096, a warp per row (x reused)
//   unrolled_row_thread   one thread per row of 64 floats (16384 rows), the
//                         row loop fully unrolled
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

constexpr int MN = 1 << 24; // matrix elements
constexpr int GS = 4096;    // gemv side
constexpr int REPS = 5;

__global__ void init_float(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(i & 7) * 0.125f;
}

// ---------------------------------------------------------------- wr ladder
__device__ void rows_by_warps(const float *m, float *sums, int rows, int cols) {
  const int lane = threadIdx.x % 32;
  for (int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32; r < rows;
       r += gridDim.x * blockDim.x / 32) {
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
      s += m[size_t(r) * cols + c];
    for (int o = 16; o > 0; o /= 2)
      s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0)
      sums[r] = s;
  }
}
__global__ void wr1_rows_2048_g32(const float *m, float *sums, int rows,
                                  int cols) {
  rows_by_warps(m, sums, rows, cols);
}
__global__ void wr2_rows_2048_g132(const float *m, float *sums, int rows,
                                   int cols) {
  rows_by_warps(m, sums, rows, cols);
}
__global__ void wr3_rows_16384_g132(const float *m, float *sums, int rows,
                                    int cols) {
  rows_by_warps(m, sums, rows, cols);
}
__global__ void wr4_rows_16384_g1024(const float *m, float *sums, int rows,
                                     int cols) {
  rows_by_warps(m, sums, rows, cols);
}

// ---------------------------------------------------------------- gw ladder
template <int G>
__device__ void rows_by_groups(const float *m, float *sums, int rows,
                               int cols) {
  const int lane = threadIdx.x % G;
  for (int r = (blockIdx.x * blockDim.x + threadIdx.x) / G; r < rows;
       r += gridDim.x * blockDim.x / G) {
    float s = 0.0f;
    for (int c = lane; c < cols; c += G)
      s += m[size_t(r) * cols + c];
    for (int o = G / 2; o > 0; o /= 2)
      s += __shfl_down_sync(0xffffffffu, s, o, G);
    if (lane == 0)
      sums[r] = s;
  }
}
__global__ void gw1_group_8(const float *m, float *sums, int rows, int cols) {
  rows_by_groups<8>(m, sums, rows, cols);
}
__global__ void gw2_group_16(const float *m, float *sums, int rows, int cols) {
  rows_by_groups<16>(m, sums, rows, cols);
}
__global__ void gw3_group_32(const float *m, float *sums, int rows, int cols) {
  rows_by_groups<32>(m, sums, rows, cols);
}

// ---------------------------------------------------------------- singles
__global__ void gemv_warp_row_4096(const float *a, const float *x, float *y,
                                   int n) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  for (int r = warp; r < n; r += (gridDim.x * blockDim.x) >> 5) {
    float s = 0.0f;
    for (int c = lane; c < n; c += 32)
      s += a[size_t(r) * n + c] * x[c];
    for (int o = 16; o > 0; o >>= 1)
      s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0)
      y[r] = s;
  }
}

__global__ void unrolled_row_thread(const float *m, float *sums, int rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float s = 0.0f;
#pragma unroll
  for (int c = 0; c < 64; ++c)
    s += m[size_t(r) * 64 + c];
  sums[r] = s;
}

// ---------------------------------------------------------------- driver
static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}
static int reps_from_env() {
  const char *s = getenv("RLA_REPS");
  const int r = s ? atoi(s) : REPS;
  return r > 0 ? r : REPS;
}
static void check(const char *name, bool ok) {
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
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

  float *m, *sums, *x, *y;
  CUDA_CHECK(cudaMalloc(&m, sizeof(float) * MN));
  CUDA_CHECK(cudaMalloc(&sums, sizeof(float) * 16384));
  CUDA_CHECK(cudaMalloc(&x, sizeof(float) * GS));
  CUDA_CHECK(cudaMalloc(&y, sizeof(float) * GS));
  init_float<<<MN / 256, 256>>>(m, MN);
  init_float<<<GS / 256, 256>>>(x, GS);
  CUDA_CHECK(cudaDeviceSynchronize());

  auto at = [&](const float *p, int i) {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, p + i, sizeof h, cudaMemcpyDeviceToHost));
    return h;
  };
  // A row of (i & 7) / 8 over cols (a multiple of 8) sums to cols * 7 / 16.
  auto checkRows = [&](const char *name, int cols) {
    check(name, at(sums, 1000) == float(cols) * 7.0f / 16.0f);
    CUDA_CHECK(cudaMemset(sums, 0, sizeof(float) * 16384));
  };
  TIME_KERNEL(wr1_rows_2048_g32, 32, 256, m, sums, 2048, 8192);
  checkRows("wr1_rows_2048_g32", 8192);
  TIME_KERNEL(wr2_rows_2048_g132, 132, 256, m, sums, 2048, 8192);
  checkRows("wr2_rows_2048_g132", 8192);
  TIME_KERNEL(wr3_rows_16384_g132, 132, 256, m, sums, 16384, 1024);
  checkRows("wr3_rows_16384_g132", 1024);
  TIME_KERNEL(wr4_rows_16384_g1024, 1024, 256, m, sums, 16384, 1024);
  checkRows("wr4_rows_16384_g1024", 1024);

  TIME_KERNEL(gw1_group_8, 264, 256, m, sums, 16384, 1024);
  checkRows("gw1_group_8", 1024);
  TIME_KERNEL(gw2_group_16, 264, 256, m, sums, 16384, 1024);
  checkRows("gw2_group_16", 1024);
  TIME_KERNEL(gw3_group_32, 264, 256, m, sums, 16384, 1024);
  checkRows("gw3_group_32", 1024);

  // Row r of A times x: sum over c of ((r*n + c) & 7)/8 * (c & 7)/8; n is a
  // multiple of 8, so every row is 4096/8 * sum_k (k/8)^2 = 512 * 140/64.
  TIME_KERNEL(gemv_warp_row_4096, 264, 256, m, x, y, GS);
  check("gemv_warp_row_4096", at(y, 1000) == 512.0f * 140.0f / 64.0f);

  TIME_KERNEL(unrolled_row_thread, 64, 256, m, sums, 16384);
  checkRows("unrolled_row_thread", 64);

  CUDA_CHECK(cudaFree(m));
  CUDA_CHECK(cudaFree(sums));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return 0;
}
