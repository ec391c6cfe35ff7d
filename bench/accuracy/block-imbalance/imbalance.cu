// Eleventh held-out suite: launches whose blocks differ in work, and small
// grids, where the busiest SM sets the time. Written, and its predictions
// committed (bench/ladders11/predicted.md), before it first ran on a GPU.
//
// triangle ladder (tw1..tw4): the sums of the rows of a lower triangle,
// thread i summing row i (i + 1 floats of an 8192 x 8192 matrix, lanes a
// row apart), on four grid shapes:
//   tw1_tri_16x512   16 blocks of 512
//   tw2_tri_64x128   64 blocks of 128
//   tw3_tri_256x32   256 blocks of 32
//   tw4_tri_512x16   512 blocks of 16
// pass ladder (bp1..bp4): block b reads its own 256-float slices of a
// 132 x 132 x 256 array, one slice per pass (coalesced), with
//   bp1_passes_rising    b + 1 passes (132 blocks)
//   bp2_passes_even      67 passes each (132 blocks, about the same total)
//   bp3_passes_falling   132 - b passes (132 blocks)
//   bp4_passes_two_waves b / 2 + 1 passes (264 blocks)
// singles:
//   upper_tri_rows       thread i sums row i from column i on (8192 rows,
//                        64 blocks of 128: the first block is the heaviest)
//   tri_columns          thread j sums column j of a lower triangle, from
//                        the last row up to row j (the lanes read one row
//                        at a time, coalesced; 32 blocks of 256)
//   column_tile_8_blocks a 32 x 32 shared tile read down its columns (a
//                        32-way bank conflict) 256 times, 8 blocks
//   row_thread_8_blocks  one thread per row of 1024 floats, 8 blocks of 128
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

constexpr int TN = 8192;          // triangle side
constexpr int SLICE = 256;        // floats per pass slice
constexpr int PASS_BLOCKS = 132;  // blocks of the pass ladder
constexpr int REPS = 5;

__global__ void init_float(float *x, size_t n) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(i & 7) * 0.125f;
}

// ---------------------------------------------------------- triangle ladder
__device__ void lower_row_sum(const float *a, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int j = 0; j <= i; ++j)
      s += a[size_t(i) * n + j];
    out[i] = s;
  }
}
__global__ void tw1_tri_16x512(const float *a, float *out, int n) {
  lower_row_sum(a, out, n);
}
__global__ void tw2_tri_64x128(const float *a, float *out, int n) {
  lower_row_sum(a, out, n);
}
__global__ void tw3_tri_256x32(const float *a, float *out, int n) {
  lower_row_sum(a, out, n);
}
__global__ void tw4_tri_512x16(const float *a, float *out, int n) {
  lower_row_sum(a, out, n);
}

// -------------------------------------------------------------- pass ladder
__global__ void bp1_passes_rising(const float *x, float *out) {
  float s = 0.0f;
  for (int k = 0; k <= (int)blockIdx.x; ++k)
    s += x[(size_t(k) * gridDim.x + blockIdx.x) * SLICE + threadIdx.x];
  out[blockIdx.x * SLICE + threadIdx.x] = s;
}
__global__ void bp2_passes_even(const float *x, float *out) {
  float s = 0.0f;
  for (int k = 0; k < 67; ++k)
    s += x[(size_t(k) * gridDim.x + blockIdx.x) * SLICE + threadIdx.x];
  out[blockIdx.x * SLICE + threadIdx.x] = s;
}
__global__ void bp3_passes_falling(const float *x, float *out) {
  float s = 0.0f;
  for (int k = 0; k < (int)(gridDim.x - blockIdx.x); ++k)
    s += x[(size_t(k) * gridDim.x + blockIdx.x) * SLICE + threadIdx.x];
  out[blockIdx.x * SLICE + threadIdx.x] = s;
}
__global__ void bp4_passes_two_waves(const float *x, float *out) {
  float s = 0.0f;
  for (int k = 0; k <= (int)blockIdx.x / 2; ++k)
    s += x[(size_t(k) * gridDim.x + blockIdx.x) * SLICE + threadIdx.x];
  out[blockIdx.x * SLICE + threadIdx.x] = s;
}

// ------------------------------------------------------------------ singles
__global__ void upper_tri_rows(const float *a, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int j = i; j < n; ++j)
      s += a[size_t(i) * n + j];
    out[i] = s;
  }
}

__global__ void tri_columns(const float *a, float *out, int n) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < n) {
    float s = 0.0f;
    for (int i = n - 1; i >= j; --i)
      s += a[size_t(i) * n + j];
    out[j] = s;
  }
}

__global__ void column_tile_8_blocks(const float *in, float *out, int reps) {
  __shared__ float tile[32][32];
  const int base = blockIdx.x * 1024;
  tile[threadIdx.y][threadIdx.x] = in[base + threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int r = 0; r < reps; ++r)
    s += tile[threadIdx.x][(threadIdx.y + r) & 31];
  out[base + threadIdx.y * 32 + threadIdx.x] = s;
}

__global__ void row_thread_8_blocks(const float *m, float *sums, int cols) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c)
    s += m[size_t(r) * cols + c];
  sums[r] = s;
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

/// The expected sum of n consecutive elements of init_float's pattern
/// starting at flat index first.
static float pattern_sum(size_t first, size_t n) {
  double s = 0;
  for (size_t k = 0; k < n; ++k)
    s += double((first + k) & 7) * 0.125;
  return float(s);
}

int main() {
  const int reps = reps_from_env();
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  const size_t tri = size_t(TN) * TN;
  const size_t passes = size_t(2 * PASS_BLOCKS) * PASS_BLOCKS * SLICE;
  float *a, *x, *out;
  CUDA_CHECK(cudaMalloc(&a, sizeof(float) * tri));
  CUDA_CHECK(cudaMalloc(&x, sizeof(float) * passes));
  const size_t outs = size_t(2 * PASS_BLOCKS) * SLICE; // >= TN
  CUDA_CHECK(cudaMalloc(&out, sizeof(float) * outs));
  init_float<<<(unsigned)((tri + 255) / 256), 256>>>(a, tri);
  init_float<<<(unsigned)((passes + 255) / 256), 256>>>(x, passes);
  CUDA_CHECK(cudaDeviceSynchronize());

  auto at = [&](int i) {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, out + i, sizeof h, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemset(out, 0, sizeof(float) * outs));
    return h;
  };
  auto near = [](float got, float want) {
    return got > want * 0.999f - 1e-3f && got < want * 1.001f + 1e-3f;
  };
  // Row 1000 of the lower triangle: 1001 elements from 1000 * TN.
  const float lower1000 = pattern_sum(size_t(1000) * TN, 1001);
  TIME_KERNEL(tw1_tri_16x512, 16, 512, a, out, TN);
  check("tw1_tri_16x512", near(at(1000), lower1000));
  TIME_KERNEL(tw2_tri_64x128, 64, 128, a, out, TN);
  check("tw2_tri_64x128", near(at(1000), lower1000));
  TIME_KERNEL(tw3_tri_256x32, 256, 32, a, out, TN);
  check("tw3_tri_256x32", near(at(1000), lower1000));
  TIME_KERNEL(tw4_tri_512x16, 512, 16, a, out, TN);
  check("tw4_tri_512x16", near(at(1000), lower1000));

  // Every slice element of x is (index & 7) / 8 and slices start at
  // multiples of 256: thread 5 of any block reads 5/8 per pass.
  TIME_KERNEL(bp1_passes_rising, PASS_BLOCKS, SLICE, x, out);
  check("bp1_passes_rising", near(at(10 * SLICE + 5), 11 * 0.625f));
  TIME_KERNEL(bp2_passes_even, PASS_BLOCKS, SLICE, x, out);
  check("bp2_passes_even", near(at(10 * SLICE + 5), 67 * 0.625f));
  TIME_KERNEL(bp3_passes_falling, PASS_BLOCKS, SLICE, x, out);
  check("bp3_passes_falling", near(at(10 * SLICE + 5), 122 * 0.625f));
  TIME_KERNEL(bp4_passes_two_waves, 2 * PASS_BLOCKS, SLICE, x, out);
  check("bp4_passes_two_waves", near(at(10 * SLICE + 5), 6 * 0.625f));

  TIME_KERNEL(upper_tri_rows, 64, 128, a, out, TN);
  check("upper_tri_rows",
        near(at(1000), pattern_sum(size_t(1000) * TN + 1000, TN - 1000)));
  // Column 1000 from row 1000 down: elements (i * TN + 1000) & 7 = 0 since
  // TN is a multiple of 8 and 1000 & 7 == 0.
  TIME_KERNEL(tri_columns, 32, 256, a, out, TN);
  check("tri_columns", near(at(1000), 0.0f));
  TIME_KERNEL(column_tile_8_blocks, 8, dim3(32, 32), a, out, 256);
  // Thread (x=5, y=0) of block 0 reads tile[5][r & 31] = element 5*32 + (r &
  // 31): its pattern value is (r & 31) & 7 / 8 summed over 256 reps.
  check("column_tile_8_blocks", near(at(5), pattern_sum(0, 256)));
  TIME_KERNEL(row_thread_8_blocks, 8, 128, a, out, 1024);
  check("row_thread_8_blocks", near(at(3), pattern_sum(size_t(3) * 1024, 1024)));

  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
