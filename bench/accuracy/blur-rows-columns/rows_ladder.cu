// Eighth held-out suite: a 5x5 blur ladder, row sums and column sums of a
// matrix, and a few single kernels. Written, and its predictions committed
// (bench/ladders8/predicted.md), before it first ran on a GPU.
//
// blur ladder (bl1..bl4): out = 5x5 box average of a 4096 x 4096 image.
//   bl1_naive_16x16         25 global reads per output, 16x16 blocks
//   bl2_shared_16x16        20x20 shared tile filled by a strided loop of
//                           the 16x16 block (some threads go round twice)
//   bl3_shared_32x8         36x12 shared tile filled by a 32x8 block
//   bl4_register_column     each thread 4 outputs of a column, its 8 rows of
//                           5 values read once each from global
// row-sum ladder (rs1..rs4): the sum of each row of an 8192 x 4096 matrix.
//   rs1_thread_per_row      a thread walks its row alone (lanes 16 KiB apart)
//   rs2_block_per_row       256 threads stride over the row, a shared tree
//   rs3_warp_per_row        a warp per row, a shuffle sum
//   rs4_warp_per_row_float4 the same with float4 loads
// column-sum ladder (cs1..cs3): the sum of each column of the same matrix.
//   cs1_thread_per_column   4096 threads, each down its column (16 blocks)
//   cs2_rows_split_atomic   a 2D grid: each thread sums 64 rows of its
//                           column and adds them with atomicAdd
//   cs3_block_tile_shared   32x8 blocks over 32 columns x 256 rows, the 8
//                           partial sums reduced in shared, one atomicAdd
//                           per column per block
// singles:
//   ilp4_copy               4 independent grid-strided copies per thread
//   daxpy                   y = a * x + y in double
//   sigmoid_expf            1 / (1 + expf(-x)) per element
//   int_hash_rounds         32 rounds of an integer mix per element
//   tiny_grid_stride        8 blocks of 256 threads grid-stride over 2^22
//   shared_stride32_reads   each thread reads shared words 32 apart (one
//                           bank), 16 times
// Set RLA_REPS to change the number of timed launches (default 5).
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

constexpr int IW = 4096;     // blur image side
constexpr int ROWS = 8192;   // matrix rows
constexpr int COLS = 4096;   // matrix columns
constexpr int EN = 1 << 24;  // elements of the singles
constexpr int REPS = 5;

__global__ void init_float(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(i & 7) * 0.125f;
}

__global__ void init_double(double *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = double(i & 3);
}

// ---------------------------------------------------------------- bl ladder
__global__ void bl1_naive_16x16(const float *in, float *out, int w) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 2 || y < 2 || x >= w - 2 || y >= w - 2)
    return;
  float s = 0.0f;
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx)
      s += in[(y + dy) * w + (x + dx)];
  out[y * w + x] = s * (1.0f / 25.0f);
}

template <int BX, int BY>
__device__ void blur_shared(const float *in, float *out, int w) {
  __shared__ float tile[BY + 4][BX + 4];
  const int x0 = blockIdx.x * BX - 2, y0 = blockIdx.y * BY - 2;
  const int t = threadIdx.y * BX + threadIdx.x;
  for (int e = t; e < (BX + 4) * (BY + 4); e += BX * BY) {
    const int ty = e / (BX + 4), tx = e % (BX + 4);
    const int gx = x0 + tx, gy = y0 + ty;
    tile[ty][tx] = (gx >= 0 && gy >= 0 && gx < w && gy < w) ? in[gy * w + gx]
                                                           : 0.0f;
  }
  __syncthreads();
  const int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  if (x < 2 || y < 2 || x >= w - 2 || y >= w - 2)
    return;
  float s = 0.0f;
  for (int dy = 0; dy < 5; ++dy)
    for (int dx = 0; dx < 5; ++dx)
      s += tile[threadIdx.y + dy][threadIdx.x + dx];
  out[y * w + x] = s * (1.0f / 25.0f);
}

__global__ void bl2_shared_16x16(const float *in, float *out, int w) {
  blur_shared<16, 16>(in, out, w);
}
__global__ void bl3_shared_32x8(const float *in, float *out, int w) {
  blur_shared<32, 8>(in, out, w);
}

__global__ void bl4_register_column(const float *in, float *out, int w) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * 4;
  if (x < 2 || x >= w - 2)
    return;
  float rows[8];
  for (int r = 0; r < 8; ++r) {
    const int y = y0 - 2 + r;
    float s = 0.0f;
    if (y >= 0 && y < w)
      for (int dx = -2; dx <= 2; ++dx)
        s += in[y * w + x + dx];
    rows[r] = s;
  }
  for (int k = 0; k < 4; ++k) {
    const int y = y0 + k;
    if (y >= 2 && y < w - 2)
      out[y * w + x] = (rows[k] + rows[k + 1] + rows[k + 2] + rows[k + 3] +
                        rows[k + 4]) *
                       (1.0f / 25.0f);
  }
}

// ---------------------------------------------------------------- rs ladder
__global__ void rs1_thread_per_row(const float *m, float *sums, int rows,
                                   int cols) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c)
    s += m[size_t(r) * cols + c];
  sums[r] = s;
}

__global__ void rs2_block_per_row(const float *m, float *sums, int cols) {
  __shared__ float part[256];
  const float *row = m + size_t(blockIdx.x) * cols;
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += 256)
    s += row[c];
  part[threadIdx.x] = s;
  __syncthreads();
  for (int h = 128; h > 0; h >>= 1) {
    if (threadIdx.x < h)
      part[threadIdx.x] += part[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    sums[blockIdx.x] = part[0];
}

__global__ void rs3_warp_per_row(const float *m, float *sums, int rows,
                                 int cols) {
  const int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x & 31;
  if (r >= rows)
    return;
  const float *row = m + size_t(r) * cols;
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32)
    s += row[c];
  for (int o = 16; o > 0; o >>= 1)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  if (lane == 0)
    sums[r] = s;
}

__global__ void rs4_warp_per_row_float4(const float *m, float *sums, int rows,
                                        int cols) {
  const int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x & 31;
  if (r >= rows)
    return;
  const float4 *row = reinterpret_cast<const float4 *>(m + size_t(r) * cols);
  float s = 0.0f;
  for (int c = lane; c < cols / 4; c += 32) {
    const float4 v = row[c];
    s += (v.x + v.y) + (v.z + v.w);
  }
  for (int o = 16; o > 0; o >>= 1)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  if (lane == 0)
    sums[r] = s;
}

// ---------------------------------------------------------------- cs ladder
__global__ void cs1_thread_per_column(const float *m, float *sums, int rows,
                                      int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= cols)
    return;
  float s = 0.0f;
  for (int r = 0; r < rows; ++r)
    s += m[size_t(r) * cols + c];
  sums[c] = s;
}

__global__ void cs2_rows_split_atomic(const float *m, float *sums, int rows,
                                      int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r0 = blockIdx.y * 64;
  if (c >= cols)
    return;
  float s = 0.0f;
  for (int r = r0; r < r0 + 64 && r < rows; ++r)
    s += m[size_t(r) * cols + c];
  atomicAdd(&sums[c], s);
}

__global__ void cs3_block_tile_shared(const float *m, float *sums, int rows,
                                      int cols) {
  __shared__ float part[8][32];
  const int c = blockIdx.x * 32 + threadIdx.x;
  const int r0 = blockIdx.y * 256;
  float s = 0.0f;
  for (int r = r0 + threadIdx.y; r < r0 + 256 && r < rows; r += 8)
    s += m[size_t(r) * cols + c];
  part[threadIdx.y][threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.y == 0) {
    float t = 0.0f;
    for (int k = 0; k < 8; ++k)
      t += part[k][threadIdx.x];
    atomicAdd(&sums[c], t);
  }
}

// ---------------------------------------------------------------- singles
__global__ void ilp4_copy(const float *x, float *y, int n) {
  const int stride = gridDim.x * blockDim.x;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v[4];
  for (int k = 0; k < 4; ++k)
    v[k] = i + k * stride < n ? x[i + k * stride] : 0.0f;
  for (int k = 0; k < 4; ++k)
    if (i + k * stride < n)
      y[i + k * stride] = v[k];
}

__global__ void daxpy(double a, const double *x, double *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void sigmoid_expf(const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 1.0f / (1.0f + expf(-x[i]));
}

__global__ void int_hash_rounds(const float *x, unsigned *h, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned v = __float_as_uint(x[i]) ^ unsigned(i);
  for (int k = 0; k < 32; ++k) {
    v ^= v >> 16;
    v *= 0x7feb352du;
    v ^= v >> 15;
    v *= 0x846ca68bu;
  }
  h[i] = v;
}

__global__ void tiny_grid_stride(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    y[i] = 2.0f * x[i] + 1.0f;
}

__global__ void shared_stride32_reads(const float *x, float *y, int n) {
  __shared__ float s[32 * 256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = threadIdx.x; k < 32 * 256; k += 256)
    s[k] = x[(blockIdx.x * 8192 + k) & (n - 1)];
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < 16; ++k)
    acc += s[(threadIdx.x * 32 + k) & (32 * 256 - 1)];
  if (i < n)
    y[i] = acc;
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

  float *img, *out, *m, *sums;
  CUDA_CHECK(cudaMalloc(&img, sizeof(float) * IW * IW));
  CUDA_CHECK(cudaMalloc(&out, sizeof(float) * IW * IW));
  CUDA_CHECK(cudaMalloc(&m, sizeof(float) * ROWS * COLS));
  CUDA_CHECK(cudaMalloc(&sums, sizeof(float) * ROWS));
  init_float<<<IW * IW / 256, 256>>>(img, IW * IW);
  init_float<<<ROWS * COLS / 256, 256>>>(m, ROWS * COLS);
  CUDA_CHECK(cudaDeviceSynchronize());

  // Blur: every 5x5 window of (i & 7) / 8 at (5, 7)..; checked at one
  // interior point against the host's sum.
  auto checkBlur = [&](const char *name) {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, out + 10 * IW + 13, sizeof h,
                          cudaMemcpyDeviceToHost));
    double want = 0;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        want += double(((10 + dy) * IW + 13 + dx) & 7) * 0.125;
    want /= 25.0;
    check(name, h > want - 1e-4 && h < want + 1e-4);
    CUDA_CHECK(cudaMemset(out, 0, sizeof(float) * IW * IW));
  };
  TIME_KERNEL(bl1_naive_16x16, dim3(IW / 16, IW / 16), dim3(16, 16), img, out,
              IW);
  checkBlur("bl1_naive_16x16");
  TIME_KERNEL(bl2_shared_16x16, dim3(IW / 16, IW / 16), dim3(16, 16), img,
              out, IW);
  checkBlur("bl2_shared_16x16");
  TIME_KERNEL(bl3_shared_32x8, dim3(IW / 32, IW / 8), dim3(32, 8), img, out,
              IW);
  checkBlur("bl3_shared_32x8");
  TIME_KERNEL(bl4_register_column, dim3(IW / 32, IW / 32), dim3(32, 8), img,
              out, IW);
  checkBlur("bl4_register_column");

  // Row sums: each row of (i & 7) / 8 sums to 4096 * 3.5 / 8 = 1792.
  auto checkRows = [&](const char *name) {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, sums + 77, sizeof h, cudaMemcpyDeviceToHost));
    check(name, h == 1792.0f);
    CUDA_CHECK(cudaMemset(sums, 0, sizeof(float) * ROWS));
  };
  TIME_KERNEL(rs1_thread_per_row, ROWS / 128, 128, m, sums, ROWS, COLS);
  checkRows("rs1_thread_per_row");
  TIME_KERNEL(rs2_block_per_row, ROWS, 256, m, sums, COLS);
  checkRows("rs2_block_per_row");
  TIME_KERNEL(rs3_warp_per_row, ROWS * 32 / 256, 256, m, sums, ROWS, COLS);
  checkRows("rs3_warp_per_row");
  TIME_KERNEL(rs4_warp_per_row_float4, ROWS * 32 / 256, 256, m, sums, ROWS,
              COLS);
  checkRows("rs4_warp_per_row_float4");

  // Column sums: column c holds (c & 7) / 8 in every row (COLS is a
  // multiple of 8): 8192 * (c & 7) / 8. The atomic steps add once per
  // launch, so they are checked after the warm-up launch alone.
  auto checkCols = [&](const char *name, int launches) {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, sums + 13, sizeof h, cudaMemcpyDeviceToHost));
    check(name, h == float(ROWS) * 5.0f / 8.0f * launches);
    CUDA_CHECK(cudaMemset(sums, 0, sizeof(float) * COLS));
  };
  CUDA_CHECK(cudaMemset(sums, 0, sizeof(float) * COLS));
  TIME_KERNEL(cs1_thread_per_column, COLS / 256, 256, m, sums, ROWS, COLS);
  checkCols("cs1_thread_per_column", 1);
  TIME_KERNEL(cs2_rows_split_atomic, dim3(COLS / 256, ROWS / 64), 256, m, sums,
              ROWS, COLS);
  checkCols("cs2_rows_split_atomic", reps + 1);
  TIME_KERNEL(cs3_block_tile_shared, dim3(COLS / 32, ROWS / 256), dim3(32, 8),
              m, sums, ROWS, COLS);
  checkCols("cs3_block_tile_shared", reps + 1);

  // Singles over 2^24 elements.
  float *x, *y;
  unsigned *hashes;
  double *dx, *dy;
  CUDA_CHECK(cudaMalloc(&x, sizeof(float) * EN));
  CUDA_CHECK(cudaMalloc(&y, sizeof(float) * EN));
  CUDA_CHECK(cudaMalloc(&hashes, sizeof(unsigned) * EN));
  CUDA_CHECK(cudaMalloc(&dx, sizeof(double) * EN));
  CUDA_CHECK(cudaMalloc(&dy, sizeof(double) * EN));
  init_float<<<EN / 256, 256>>>(x, EN);
  init_double<<<EN / 256, 256>>>(dx, EN);
  init_double<<<EN / 256, 256>>>(dy, EN);
  CUDA_CHECK(cudaDeviceSynchronize());
  auto at = [&](const float *p, int i) {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, p + i, sizeof h, cudaMemcpyDeviceToHost));
    return h;
  };
  TIME_KERNEL(ilp4_copy, EN / 4 / 256, 256, x, y, EN);
  check("ilp4_copy", at(y, 12345) == float(12345 & 7) * 0.125f);
  TIME_KERNEL(daxpy, EN / 256, 256, 0.5, dx, dy, EN);
  {
    double h = 0;
    CUDA_CHECK(cudaMemcpy(&h, dy + 6, sizeof h, cudaMemcpyDeviceToHost));
    // y = 2 + (reps + 1) * 0.5 * 2 after the warm-up and timed launches.
    check("daxpy", h == 2.0 + (reps + 1) * 1.0);
  }
  TIME_KERNEL(sigmoid_expf, EN / 256, 256, x, y, EN);
  {
    const float h = at(y, 8), want = 1.0f / (1.0f + expf(-0.0f));
    check("sigmoid_expf", h > want - 1e-5f && h < want + 1e-5f);
  }
  TIME_KERNEL(int_hash_rounds, EN / 256, 256, x, hashes, EN);
  {
    const float x3 = float(3 & 7) * 0.125f;
    unsigned h = 0, v = 0;
    memcpy(&v, &x3, sizeof v);
    v ^= 3u;
    for (int k = 0; k < 32; ++k) {
      v ^= v >> 16;
      v *= 0x7feb352du;
      v ^= v >> 15;
      v *= 0x846ca68bu;
    }
    CUDA_CHECK(cudaMemcpy(&h, hashes + 3, sizeof h, cudaMemcpyDeviceToHost));
    check("int_hash_rounds", h == v);
  }
  TIME_KERNEL(tiny_grid_stride, 8, 256, x, y, EN / 4);
  check("tiny_grid_stride",
        at(y, 4099) == 2.0f * float(4099 & 7) * 0.125f + 1.0f);
  TIME_KERNEL(shared_stride32_reads, EN / 8192, 256, x, y, EN);
  {
    // Thread 1 of block 0 reads s[32 .. 47] = x[32 .. 47].
    double want = 0;
    for (int k = 0; k < 16; ++k)
      want += double((32 + k) & 7) * 0.125;
    check("shared_stride32_reads", at(y, 1) == float(want));
  }

  CUDA_CHECK(cudaFree(img));
  CUDA_CHECK(cudaFree(out));
  CUDA_CHECK(cudaFree(m));
  CUDA_CHECK(cudaFree(sums));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  CUDA_CHECK(cudaFree(hashes));
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(dy));
  return 0;
}
