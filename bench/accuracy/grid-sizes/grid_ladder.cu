// Ninth held-out suite: how few blocks a memory-bound kernel can run with.
// Written, and its predictions committed (bench/ladders9/predicted.md),
// before it first ran on a GPU.
//
// grid-size ladder (gs1..gs5): y = 2 x + 1 over 2^24 floats, a grid-stride
// loop of 256-thread blocks, the grid growing from 8 blocks to 16 waves.
//   gs1_grid_8, gs2_grid_32, gs3_grid_132, gs4_grid_528, gs5_grid_2112
// row-sum ladder (ws1..ws4): the sums of 1024 rows of 4096 floats, one
// warp per row, the warps grid-striding over the rows.
//   ws1_blocks_4, ws2_blocks_16, ws3_blocks_64, ws4_blocks_128
// singles:
//   chase_64x32        64 blocks of 32 threads, each following 256 links of
//                      a random cycle over 2^22 ints
//   column_walk_32     32 blocks of 128 threads, each summing one column of
//                      a 4096 x 4096 matrix (coalesced across the warp)
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

constexpr int N = 1 << 24;     // gs elements
constexpr int WROWS = 1024;    // ws rows
constexpr int WCOLS = 4096;    // ws columns
constexpr int CN = 1 << 22;    // chase cycle length
constexpr int MS = 4096;       // column-walk matrix side
constexpr int REPS = 5;

__global__ void init_float(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(i & 7) * 0.125f;
}

// A single cycle through all n entries: next[i] = (i * A + C) mod n with
// A = 5 (A - 1 divisible by 4, the only prime factor of n = 2^k) and C odd.
__global__ void init_cycle(int *next, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    next[i] = int((unsigned(i) * 5u + 12345u) & unsigned(n - 1));
}

// ---------------------------------------------------------------- gs ladder
__device__ void grid_stride(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    y[i] = 2.0f * x[i] + 1.0f;
}
__global__ void gs1_grid_8(const float *x, float *y, int n) {
  grid_stride(x, y, n);
}
__global__ void gs2_grid_32(const float *x, float *y, int n) {
  grid_stride(x, y, n);
}
__global__ void gs3_grid_132(const float *x, float *y, int n) {
  grid_stride(x, y, n);
}
__global__ void gs4_grid_528(const float *x, float *y, int n) {
  grid_stride(x, y, n);
}
__global__ void gs5_grid_2112(const float *x, float *y, int n) {
  grid_stride(x, y, n);
}

// ---------------------------------------------------------------- ws ladder
__device__ void warp_rows(const float *m, float *sums, int rows, int cols) {
  const int lane = threadIdx.x & 31;
  const int warps = gridDim.x * blockDim.x / 32;
  for (int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32; r < rows;
       r += warps) {
    const float *row = m + size_t(r) * cols;
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
      s += row[c];
    for (int o = 16; o > 0; o >>= 1)
      s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0)
      sums[r] = s;
  }
}
__global__ void ws1_blocks_4(const float *m, float *sums, int rows, int cols) {
  warp_rows(m, sums, rows, cols);
}
__global__ void ws2_blocks_16(const float *m, float *sums, int rows, int cols) {
  warp_rows(m, sums, rows, cols);
}
__global__ void ws3_blocks_64(const float *m, float *sums, int rows, int cols) {
  warp_rows(m, sums, rows, cols);
}
__global__ void ws4_blocks_128(const float *m, float *sums, int rows,
                               int cols) {
  warp_rows(m, sums, rows, cols);
}

// ---------------------------------------------------------------- singles
__global__ void chase_64x32(const int *next, int *out, int steps) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  int p = t * 977;
  for (int s = 0; s < steps; ++s)
    p = next[p];
  out[t] = p;
}

__global__ void column_walk_32(const float *m, float *sums, int side) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= side)
    return;
  float s = 0.0f;
  for (int r = 0; r < side; ++r)
    s += m[size_t(r) * side + c];
  sums[c] = s;
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

  float *x, *y, *m, *sums;
  int *next, *ends;
  CUDA_CHECK(cudaMalloc(&x, sizeof(float) * N));
  CUDA_CHECK(cudaMalloc(&y, sizeof(float) * N));
  CUDA_CHECK(cudaMalloc(&m, sizeof(float) * MS * MS));
  CUDA_CHECK(cudaMalloc(&sums, sizeof(float) * MS));
  CUDA_CHECK(cudaMalloc(&next, sizeof(int) * CN));
  CUDA_CHECK(cudaMalloc(&ends, sizeof(int) * 64 * 32));
  init_float<<<N / 256, 256>>>(x, N);
  init_float<<<MS * MS / 256, 256>>>(m, MS * MS);
  init_cycle<<<CN / 256, 256>>>(next, CN);
  CUDA_CHECK(cudaDeviceSynchronize());

  auto at = [&](const float *p, int i) {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, p + i, sizeof h, cudaMemcpyDeviceToHost));
    return h;
  };
  auto checkY = [&](const char *name) {
    check(name, at(y, 777777) == 2.0f * float(777777 & 7) * 0.125f + 1.0f);
    CUDA_CHECK(cudaMemset(y, 0, sizeof(float) * N));
  };
  TIME_KERNEL(gs1_grid_8, 8, 256, x, y, N);
  checkY("gs1_grid_8");
  TIME_KERNEL(gs2_grid_32, 32, 256, x, y, N);
  checkY("gs2_grid_32");
  TIME_KERNEL(gs3_grid_132, 132, 256, x, y, N);
  checkY("gs3_grid_132");
  TIME_KERNEL(gs4_grid_528, 528, 256, x, y, N);
  checkY("gs4_grid_528");
  TIME_KERNEL(gs5_grid_2112, 2112, 256, x, y, N);
  checkY("gs5_grid_2112");

  // Each row of (i & 7) / 8 over 4096 columns sums to 1792.
  auto checkRows = [&](const char *name) {
    check(name, at(sums, 1000) == 1792.0f);
    CUDA_CHECK(cudaMemset(sums, 0, sizeof(float) * MS));
  };
  TIME_KERNEL(ws1_blocks_4, 4, 256, m, sums, WROWS, WCOLS);
  checkRows("ws1_blocks_4");
  TIME_KERNEL(ws2_blocks_16, 16, 256, m, sums, WROWS, WCOLS);
  checkRows("ws2_blocks_16");
  TIME_KERNEL(ws3_blocks_64, 64, 256, m, sums, WROWS, WCOLS);
  checkRows("ws3_blocks_64");
  TIME_KERNEL(ws4_blocks_128, 128, 256, m, sums, WROWS, WCOLS);
  checkRows("ws4_blocks_128");

  TIME_KERNEL(chase_64x32, 64, 32, next, ends, 256);
  {
    // Thread 5 starts at 5 * 977 and follows 256 links.
    int p = 5 * 977, h = -1;
    for (int s = 0; s < 256; ++s)
      p = int((unsigned(p) * 5u + 12345u) & unsigned(CN - 1));
    CUDA_CHECK(cudaMemcpy(&h, ends + 5, sizeof h, cudaMemcpyDeviceToHost));
    check("chase_64x32", h == p);
  }
  // Column c of the matrix holds (c & 7) / 8 in every row: 4096 * 3 / 8.
  TIME_KERNEL(column_walk_32, 32, 128, m, sums, MS);
  check("column_walk_32", at(sums, 11) == 4096.0f * 3.0f / 8.0f);

  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  CUDA_CHECK(cudaFree(m));
  CUDA_CHECK(cudaFree(sums));
  CUDA_CHECK(cudaFree(next));
  CUDA_CHECK(cudaFree(ends));
  return 0;
}
