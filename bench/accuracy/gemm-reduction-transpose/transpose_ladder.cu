// Matrix-transpose ladder, 8192 x 8192 floats (256 MiB per matrix), plus a
// 2D 5-point stencil pair on the same matrix. Steps:
//   tr0_copy               plain copy through the same 32x8-thread, 4-row
//                          tiling as tr5: the upper bound for a transpose.
//   tr1_naive_row          32x32 threads, one element each: coalesced read
//                          of a row, strided (column) write.
//   tr2_naive_col          coalesced write, strided read.
//   tr3_smem_tile          through a 32x32 shared tile: both global sides
//                          coalesced, the column read of the tile has 32-way
//                          bank conflicts.
//   tr4_smem_padded        the tile padded to [32][33]: no bank conflicts.
//   tr5_smem_padded_multi  32x8 threads, each moving 4 elements of the
//                          padded tile (fewer threads, more work each).
// Stencil (out = 0.2 * (c + n + s + w + e), interior points):
//   st1_naive              every neighbour read from global memory.
//   st2_smem_halo          a 32x8 block stages its tile plus a one-point
//                          halo in shared memory.
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

constexpr int N = 8192;       // rows = cols
constexpr int TILE = 32;
constexpr int BLOCK_ROWS = 8; // tr0 / tr5: 32x8 threads, 4 rows each

__host__ __device__ inline float init_value(int i) { return float(i % 8191); }

__global__ void tr_init(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = init_value(i);
}

// ---------------------------------------------------------------- step 0
__global__ void tr0_copy(const float *in, float *out, int n) {
  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    out[(y + j) * n + x] = in[(y + j) * n + x];
}

// ---------------------------------------------------------------- step 1
__global__ void tr1_naive_row(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}

// ---------------------------------------------------------------- step 2
__global__ void tr2_naive_col(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = in[x * n + y];
}

// ---------------------------------------------------------------- step 3
__global__ void tr3_smem_tile(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// ---------------------------------------------------------------- step 4
__global__ void tr4_smem_padded(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// ---------------------------------------------------------------- step 5
__global__ void tr5_smem_padded_multi(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

// ---------------------------------------------------------------- stencil
__global__ void st1_naive(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= 1 && x < n - 1 && y >= 1 && y < n - 1)
    out[y * n + x] = 0.2f * (in[y * n + x] + in[(y - 1) * n + x] +
                             in[(y + 1) * n + x] + in[y * n + x - 1] +
                             in[y * n + x + 1]);
}

constexpr int SX = 32, SY = 8;
__global__ void st2_smem_halo(const float *in, float *out, int n) {
  __shared__ float s[SY + 2][SX + 2];
  const int x = blockIdx.x * SX + threadIdx.x;
  const int y = blockIdx.y * SY + threadIdx.y;
  const int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  s[ty][tx] = in[y * n + x];
  if (threadIdx.y == 0 && y > 0)
    s[0][tx] = in[(y - 1) * n + x];
  if (threadIdx.y == SY - 1 && y < n - 1)
    s[SY + 1][tx] = in[(y + 1) * n + x];
  if (threadIdx.x == 0 && x > 0)
    s[ty][0] = in[y * n + x - 1];
  if (threadIdx.x == SX - 1 && x < n - 1)
    s[ty][SX + 1] = in[y * n + x + 1];
  __syncthreads();
  if (x >= 1 && x < n - 1 && y >= 1 && y < n - 1)
    out[y * n + x] = 0.2f * (s[ty][tx] + s[ty - 1][tx] + s[ty + 1][tx] +
                             s[ty][tx - 1] + s[ty][tx + 1]);
}

// ---------------------------------------------------------------- host
static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}

// kind 0: copy, 1: transpose, 2: stencil. Samples 64 points, incl. edges.
static void check_out(const char *name, const float *dOut, int kind) {
  const int pts[] = {0, 1, 31, 32, 1000, 4097, N - 2, N - 1};
  bool ok = true;
  for (int r : pts)
    for (int c : pts) {
      float got = 0.0f;
      CUDA_CHECK(cudaMemcpy(&got, dOut + size_t(r) * N + c, sizeof(float),
                            cudaMemcpyDeviceToHost));
      double want;
      if (kind == 0)
        want = init_value(r * N + c);
      else if (kind == 1)
        want = init_value(c * N + r);
      else if (r == 0 || c == 0 || r == N - 1 || c == N - 1)
        want = 0.0; // borders are left as cleared
      else
        want = 0.2f * (init_value(r * N + c) + init_value((r - 1) * N + c) +
                       init_value((r + 1) * N + c) + init_value(r * N + c - 1) +
                       init_value(r * N + c + 1));
      if (fabs(got - want) > 1e-3 * fabs(want) + 1e-6)
        ok = false;
    }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Clears the output, one warm-up launch, then 5 timed launches.
#define TIME_KERNEL(NAME, KIND, GRID, BLOCK, ...)                              \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(dOut, 0, sizeof(float) * N * N));                   \
    NAME<<<GRID, BLOCK>>>(__VA_ARGS__);                                        \
    CUDA_CHECK(cudaGetLastError());                                            \
    CUDA_CHECK(cudaDeviceSynchronize());                                       \
    CUDA_CHECK(cudaEventRecord(start));                                        \
    for (int rep = 0; rep < 5; ++rep)                                          \
      NAME<<<GRID, BLOCK>>>(__VA_ARGS__);                                      \
    CUDA_CHECK(cudaEventRecord(stop));                                         \
    CUDA_CHECK(cudaEventSynchronize(stop));                                    \
    CUDA_CHECK(cudaGetLastError());                                            \
    float ms = 0.0f;                                                           \
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));                        \
    print_event(#NAME, GRID, BLOCK, ms, 5);                                    \
    check_out(#NAME, dOut, KIND);                                              \
  } while (0)

int main() {
  float *dIn = nullptr, *dOut = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, sizeof(float) * N * N));
  CUDA_CHECK(cudaMalloc(&dOut, sizeof(float) * N * N));
  tr_init<<<CEIL_DIV(N * N, 256), 256>>>(dIn, N * N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  const dim3 gridTiles(CEIL_DIV(N, TILE), CEIL_DIV(N, TILE));
  const dim3 block32x32(TILE, TILE);
  const dim3 block32x8(TILE, BLOCK_ROWS);
  TIME_KERNEL(tr0_copy, 0, gridTiles, block32x8, dIn, dOut, N);
  TIME_KERNEL(tr1_naive_row, 1, gridTiles, block32x32, dIn, dOut, N);
  TIME_KERNEL(tr2_naive_col, 1, gridTiles, block32x32, dIn, dOut, N);
  TIME_KERNEL(tr3_smem_tile, 1, gridTiles, block32x32, dIn, dOut, N);
  TIME_KERNEL(tr4_smem_padded, 1, gridTiles, block32x32, dIn, dOut, N);
  TIME_KERNEL(tr5_smem_padded_multi, 1, gridTiles, block32x8, dIn, dOut, N);

  const dim3 gridStencil(CEIL_DIV(N, SX), CEIL_DIV(N, SY));
  const dim3 blockStencil(SX, SY);
  TIME_KERNEL(st1_naive, 2, gridStencil, blockStencil, dIn, dOut, N);
  TIME_KERNEL(st2_smem_halo, 2, gridStencil, blockStencil, dIn, dOut, N);

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  return 0;
}
