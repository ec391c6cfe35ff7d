// CSR SpMV ladder: y = A x for a banded sparse matrix with 2^20 rows and
// columns and 32 nonzeros per row (32 Mi nonzeros: 128 MiB of values, 128 MiB
// of column indices, 4 MiB row pointers, 4 MiB x, 4 MiB y). Row r's columns
// lie in the window [max(r - 512, 0), min(r + 512, n)), one per each of 32
// equal slots of that window at a hashed offset: distinct, sorted, within
// +-512 of the diagonal. Values are multiples of 1/256 in [-0.5, 0.5) and x
// multiples of 1/256 in [0, 1): every row sum is exact in fp32, and the
// check recomputes sampled rows on the CPU from the same generators (no
// copy of the matrix back to the host). Steps:
//   spmv1_thread_per_row     one thread per row walks its 32 nonzeros: the
//                            lanes of a warp read 32 rows 128 bytes apart.
//   spmv2_warp_per_row       one warp per row (8 rows per block): lane k
//                            takes nonzeros k, k + 32, ... (coalesced), and a
//                            __shfl_down_sync tree sums the warp.
//   spmv3_half_warp_per_row  16 lanes per row (16 rows per block), two
//                            nonzeros per lane, a 16-wide shuffle tree.
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

constexpr int N = 1 << 20;        // rows = columns
constexpr int NNZ_PER_ROW = 32;
constexpr int NNZ = N * NNZ_PER_ROW; // 2^25
constexpr int BAND = 512;         // |col - row| < BAND
constexpr int THREAD_BLOCK = 256; // spmv1
constexpr int WARP_BLOCK = 256;   // spmv2: 8 rows per block
constexpr int WARP_ROWS_PER_BLOCK = WARP_BLOCK / 32;
constexpr int HALF_LANES = 16;    // spmv3: lanes per row
constexpr int HALF_BLOCK = 256;   // spmv3: 16 rows per block
constexpr int HALF_ROWS_PER_BLOCK = HALF_BLOCK / HALF_LANES;
constexpr int REPS = 5;           // timed launches (RLA_REPS overrides)

static_assert(N >= 2 * BAND, "the band window needs 2 * BAND columns");
static_assert(N % HALF_ROWS_PER_BLOCK == 0, "spmv3 assumes whole blocks");

__host__ __device__ inline unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
// column of nonzero k of row r: slot k of the row's band window
__host__ __device__ inline int col_of(int r, int k) {
  const int lo = r - BAND > 0 ? r - BAND : 0;
  const int hi = r + BAND < N ? r + BAND : N;
  const int slot = (hi - lo) / NNZ_PER_ROW; // 16 .. 32
  const unsigned h = hash32(unsigned(r) * NNZ_PER_ROW + unsigned(k));
  return lo + k * slot + int(h % unsigned(slot));
}
// multiples of 1/256 in [-0.5, 0.5)
__host__ __device__ inline float val_of(unsigned e) {
  return float(hash32(e ^ 0xa5a5a5a5u) & 0xffu) * (1.0f / 256.0f) - 0.5f;
}
// multiples of 1/256 in [0, 1)
__host__ __device__ inline float x_of(unsigned c) {
  return float(hash32(c + 0x3c6ef372u) & 0xffu) * (1.0f / 256.0f);
}

// ---------------------------------------------------------------- init
__global__ void spmv_init_matrix(int *rowPtr, int *colIdx, float *vals,
                                 int n) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x; // nonzero index
  if (e >= n * NNZ_PER_ROW)
    return;
  const int r = e / NNZ_PER_ROW, k = e % NNZ_PER_ROW;
  colIdx[e] = col_of(r, k);
  vals[e] = val_of(unsigned(e));
  if (k == 0)
    rowPtr[r] = e;
  if (e == 0)
    rowPtr[n] = n * NNZ_PER_ROW;
}
__global__ void spmv_init_x(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x_of(unsigned(i));
}

// ---------------------------------------------------------------- step 1
__global__ void spmv1_thread_per_row(const int *rowPtr, const int *colIdx,
                                     const float *vals, const float *x,
                                     float *y, int rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float s = 0.0f;
  for (int j = rowPtr[r]; j < rowPtr[r + 1]; ++j)
    s += vals[j] * x[colIdx[j]];
  y[r] = s;
}

// ---------------------------------------------------------------- step 2
__global__ void spmv2_warp_per_row(const int *rowPtr, const int *colIdx,
                                   const float *vals, const float *x, float *y,
                                   int rows) {
  const int lane = threadIdx.x % 32;
  const int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (r >= rows)
    return; // whole warp leaves together
  const int begin = rowPtr[r], end = rowPtr[r + 1];
  float s = 0.0f;
  for (int j = begin + lane; j < end; j += 32)
    s += vals[j] * x[colIdx[j]];
  for (int offset = 16; offset > 0; offset >>= 1)
    s += __shfl_down_sync(0xffffffffu, s, offset);
  if (lane == 0)
    y[r] = s;
}

// ---------------------------------------------------------------- step 3
__global__ void spmv3_half_warp_per_row(const int *rowPtr, const int *colIdx,
                                        const float *vals, const float *x,
                                        float *y, int rows) {
  const int sub = threadIdx.x % HALF_LANES; // lane within the row's group
  const int r = blockIdx.x * (blockDim.x / HALF_LANES) + threadIdx.x / HALF_LANES;
  // Both halves of a warp stay for the full-mask shuffles even when one
  // half has no row.
  const bool active = r < rows;
  float s = 0.0f;
  if (active) {
    const int begin = rowPtr[r], end = rowPtr[r + 1];
    for (int j = begin + sub; j < end; j += HALF_LANES)
      s += vals[j] * x[colIdx[j]];
  }
  // xor offsets below 16 keep each half of the warp to itself
  for (int offset = HALF_LANES / 2; offset > 0; offset >>= 1)
    s += __shfl_xor_sync(0xffffffffu, s, offset);
  if (active && sub == 0)
    y[r] = s;
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

// Sampled rows against a CPU dot product built from the generators; row sums
// are exact, so the comparison is exact up to a tiny slack.
static void check_out(const char *name, const float *dY) {
  const int rows[] = {0, 1, 2, 15, 16, 31, 511, 512, 513, 777777, N / 2,
                      N - 513, N - 512, N - 2, N - 1};
  bool ok = true;
  for (int r : rows) {
    float got;
    CUDA_CHECK(cudaMemcpy(&got, dY + r, sizeof(float), cudaMemcpyDeviceToHost));
    double want = 0.0;
    int prev = -1;
    for (int k = 0; k < NNZ_PER_ROW; ++k) {
      const int c = col_of(r, k);
      if (c <= prev || c < 0 || c >= N || c - r >= BAND || r - c > BAND) {
        fprintf(stderr, "%s: bad column %d in row %d\n", name, c, r);
        ok = false;
      }
      prev = c;
      want += double(val_of(unsigned(r) * NNZ_PER_ROW + k)) * double(x_of(c));
    }
    if (!(fabs(got - want) <= 1e-6)) {
      if (ok)
        fprintf(stderr, "%s: y[%d] got %g expected %g\n", name, r, got, want);
      ok = false;
    }
  }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Clears y, one warm-up launch, then reps timed launches.
#define TIME_KERNEL(NAME, GRID, BLOCK_, SMEM, ...)                             \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(dY, 0, sizeof(float) * N));                          \
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
    check_out(#NAME, dY);                                                      \
  } while (0)

int main() {
  const int reps = reps_from_env();
  int *dRowPtr = nullptr, *dColIdx = nullptr;
  float *dVals = nullptr, *dX = nullptr, *dY = nullptr;
  CUDA_CHECK(cudaMalloc(&dRowPtr, sizeof(int) * (N + 1)));
  CUDA_CHECK(cudaMalloc(&dColIdx, sizeof(int) * NNZ));
  CUDA_CHECK(cudaMalloc(&dVals, sizeof(float) * NNZ));
  CUDA_CHECK(cudaMalloc(&dX, sizeof(float) * N));
  CUDA_CHECK(cudaMalloc(&dY, sizeof(float) * N));
  spmv_init_matrix<<<CEIL_DIV(NNZ, 256), 256>>>(dRowPtr, dColIdx, dVals, N);
  spmv_init_x<<<CEIL_DIV(N, 256), 256>>>(dX, N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  {
    dim3 grid(CEIL_DIV(N, THREAD_BLOCK));
    dim3 block(THREAD_BLOCK);
    TIME_KERNEL(spmv1_thread_per_row, grid, block, 0, dRowPtr, dColIdx, dVals,
                dX, dY, N);
  }
  {
    dim3 grid(CEIL_DIV(N, WARP_ROWS_PER_BLOCK));
    dim3 block(WARP_BLOCK);
    TIME_KERNEL(spmv2_warp_per_row, grid, block, 0, dRowPtr, dColIdx, dVals,
                dX, dY, N);
  }
  {
    dim3 grid(CEIL_DIV(N, HALF_ROWS_PER_BLOCK));
    dim3 block(HALF_BLOCK);
    TIME_KERNEL(spmv3_half_warp_per_row, grid, block, 0, dRowPtr, dColIdx,
                dVals, dX, dY, N);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dRowPtr));
  CUDA_CHECK(cudaFree(dColIdx));
  CUDA_CHECK(cudaFree(dVals));
  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dY));
  return 0;
}
