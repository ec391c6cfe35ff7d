// Row-softmax ladder: out[r][c] = exp(in[r][c] - max_r) / sum_r over a
// 4096 x 4096 fp32 matrix (64 MiB in, 64 MiB out), rows independent. The
// check compares whole sampled rows with a double-precision CPU reference.
// Steps:
//   sm1_three_pass_thread_per_row  one thread per row: a max pass, a sum of
//                                  expf pass and a write pass, each walking
//                                  its row alone (lanes 16 KiB apart).
//   sm2_block_per_row_three_pass   256 threads per row, strided (coalesced)
//                                  passes; max and sum reduced by shared-
//                                  memory trees.
//   sm3_block_per_row_online       the running max and the sum rescaled
//                                  whenever the max grows, in one read pass
//                                  (online softmax), one combined tree, then
//                                  the write pass: 2 reads instead of 3.
//   sm4_warp_per_row_shuffle       one warp per row (8 rows per block), the
//                                  online (max, sum) pairs combined with
//                                  __shfl_xor_sync: no shared memory, no
//                                  barriers.
//   sm5_warp_per_row_float4        sm4 with float4 loads and stores, and
//                                  __expf instead of expf.
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

constexpr int ROWS = 4096;
constexpr int COLS = 4096;
constexpr int THREAD_ROW_BLOCK = 128; // sm1: one row per thread
constexpr int ROW_BLOCK = 256;        // sm2 / sm3: threads per row
constexpr int WARP_BLOCK = 256;       // sm4 / sm5: 8 rows per block
constexpr int ROWS_PER_BLOCK = WARP_BLOCK / 32;
constexpr int REPS = 5;               // timed launches (RLA_REPS overrides)

static_assert(COLS % 4 == 0, "sm5 reads rows as float4");

__host__ __device__ inline unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
// values in [-4, 4)
__host__ __device__ inline float in_value(unsigned idx) {
  return float(hash32(idx) & 0xffffu) * (8.0f / 65536.0f) - 4.0f;
}

// ---------------------------------------------------------------- init
__global__ void sm_init(float *x, int n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < unsigned(n))
    x[i] = in_value(i);
}

// The (max, sum) pair of the online softmax: sum is the sum of
// exp(v - max) over the values seen. (-inf, 0) is the empty pair.
__device__ inline void online_add(float &m, float &d, float v) {
  if (v > m) {
    d = d * expf(m - v) + 1.0f;
    m = v;
  } else {
    d += expf(v - m);
  }
}
__device__ inline void online_merge(float &m, float &d, float m2, float d2) {
  const float mn = fmaxf(m, m2);
  if (mn == -INFINITY)
    return; // both empty
  d = d * expf(m - mn) + d2 * expf(m2 - mn);
  m = mn;
}

// ---------------------------------------------------------------- step 1
__global__ void sm1_three_pass_thread_per_row(const float *in, float *out,
                                              int rows, int cols) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  const float *x = in + size_t(r) * cols;
  float *y = out + size_t(r) * cols;
  float m = -INFINITY;
  for (int c = 0; c < cols; ++c)
    m = fmaxf(m, x[c]);
  float s = 0.0f;
  for (int c = 0; c < cols; ++c)
    s += expf(x[c] - m);
  const float inv = 1.0f / s;
  for (int c = 0; c < cols; ++c)
    y[c] = expf(x[c] - m) * inv;
}

// ---------------------------------------------------------------- step 2
__global__ void sm2_block_per_row_three_pass(const float *in, float *out,
                                             int rows, int cols) {
  __shared__ float red[ROW_BLOCK];
  const int tid = threadIdx.x;
  const float *x = in + size_t(blockIdx.x) * cols;
  float *y = out + size_t(blockIdx.x) * cols;

  float m = -INFINITY;
  for (int c = tid; c < cols; c += ROW_BLOCK)
    m = fmaxf(m, x[c]);
  red[tid] = m;
  __syncthreads();
  for (int s = ROW_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      red[tid] = fmaxf(red[tid], red[tid + s]);
    __syncthreads();
  }
  const float rowMax = red[0];
  __syncthreads(); // everyone has read red[0] before it is reused

  float sum = 0.0f;
  for (int c = tid; c < cols; c += ROW_BLOCK)
    sum += expf(x[c] - rowMax);
  red[tid] = sum;
  __syncthreads();
  for (int s = ROW_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      red[tid] += red[tid + s];
    __syncthreads();
  }
  const float inv = 1.0f / red[0];

  for (int c = tid; c < cols; c += ROW_BLOCK)
    y[c] = expf(x[c] - rowMax) * inv;
}

// ---------------------------------------------------------------- step 3
__global__ void sm3_block_per_row_online(const float *in, float *out, int rows,
                                         int cols) {
  __shared__ float redM[ROW_BLOCK];
  __shared__ float redD[ROW_BLOCK];
  const int tid = threadIdx.x;
  const float *x = in + size_t(blockIdx.x) * cols;
  float *y = out + size_t(blockIdx.x) * cols;

  float m = -INFINITY, d = 0.0f;
  for (int c = tid; c < cols; c += ROW_BLOCK)
    online_add(m, d, x[c]);
  redM[tid] = m;
  redD[tid] = d;
  __syncthreads();
  for (int s = ROW_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) {
      float mm = redM[tid], dd = redD[tid];
      online_merge(mm, dd, redM[tid + s], redD[tid + s]);
      redM[tid] = mm;
      redD[tid] = dd;
    }
    __syncthreads();
  }
  const float rowMax = redM[0];
  const float inv = 1.0f / redD[0];

  for (int c = tid; c < cols; c += ROW_BLOCK)
    y[c] = expf(x[c] - rowMax) * inv;
}

// ---------------------------------------------------------------- step 4
__global__ void sm4_warp_per_row_shuffle(const float *in, float *out, int rows,
                                         int cols) {
  const int lane = threadIdx.x % 32;
  const int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (r >= rows)
    return; // whole warp leaves together
  const float *x = in + size_t(r) * cols;
  float *y = out + size_t(r) * cols;

  float m = -INFINITY, d = 0.0f;
  for (int c = lane; c < cols; c += 32)
    online_add(m, d, x[c]);
  for (int offset = 16; offset > 0; offset >>= 1) {
    const float m2 = __shfl_xor_sync(0xffffffffu, m, offset);
    const float d2 = __shfl_xor_sync(0xffffffffu, d, offset);
    online_merge(m, d, m2, d2);
  }
  const float inv = 1.0f / d;
  for (int c = lane; c < cols; c += 32)
    y[c] = expf(x[c] - m) * inv;
}

// ---------------------------------------------------------------- step 5
__global__ void sm5_warp_per_row_float4(const float *in, float *out, int rows,
                                        int cols) {
  const int lane = threadIdx.x % 32;
  const int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (r >= rows)
    return;
  const float4 *x4 = reinterpret_cast<const float4 *>(in + size_t(r) * cols);
  float4 *y4 = reinterpret_cast<float4 *>(out + size_t(r) * cols);

  float m = -INFINITY, d = 0.0f;
  for (int c = lane; c < cols / 4; c += 32) {
    const float4 v = x4[c];
    const float vm = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
    if (vm > m) {
      d *= __expf(m - vm); // m = -inf: d is 0 and __expf(-inf) is 0
      m = vm;
    }
    d += __expf(v.x - m) + __expf(v.y - m) + __expf(v.z - m) + __expf(v.w - m);
  }
  for (int offset = 16; offset > 0; offset >>= 1) {
    const float m2 = __shfl_xor_sync(0xffffffffu, m, offset);
    const float d2 = __shfl_xor_sync(0xffffffffu, d, offset);
    const float mn = fmaxf(m, m2);
    d = d * __expf(m - mn) + d2 * __expf(m2 - mn);
    m = mn;
  }
  const float inv = 1.0f / d;
  for (int c = lane; c < cols / 4; c += 32) {
    const float4 v = x4[c];
    float4 o;
    o.x = __expf(v.x - m) * inv;
    o.y = __expf(v.y - m) * inv;
    o.z = __expf(v.z - m) * inv;
    o.w = __expf(v.w - m) * inv;
    y4[c] = o;
  }
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

// Whole sampled rows against a double-precision CPU softmax.
static void check_out(const char *name, const float *dOut) {
  const int rows[] = {0, 1, 31, 32, 2049, ROWS - 1};
  std::vector<float> got(COLS);
  std::vector<double> ref(COLS);
  bool ok = true;
  for (int r : rows) {
    CUDA_CHECK(cudaMemcpy(got.data(), dOut + size_t(r) * COLS,
                          sizeof(float) * COLS, cudaMemcpyDeviceToHost));
    double m = -INFINITY, s = 0.0;
    for (int c = 0; c < COLS; ++c)
      m = fmax(m, double(in_value(unsigned(r) * COLS + c)));
    for (int c = 0; c < COLS; ++c) {
      ref[c] = exp(double(in_value(unsigned(r) * COLS + c)) - m);
      s += ref[c];
    }
    for (int c = 0; c < COLS; ++c) {
      const double want = ref[c] / s;
      if (!(fabs(got[c] - want) <= 1e-4 * want + 1e-9)) {
        if (ok)
          fprintf(stderr, "%s: [%d][%d] got %g expected %g\n", name, r, c,
                  got[c], want);
        ok = false;
      }
    }
  }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Clears the output, one warm-up launch, then reps timed launches.
#define TIME_KERNEL(NAME, GRID, BLOCK_, SMEM, ...)                             \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(dOut, 0, sizeof(float) * ROWS * COLS));              \
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
  float *dIn = nullptr, *dOut = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, sizeof(float) * ROWS * COLS));
  CUDA_CHECK(cudaMalloc(&dOut, sizeof(float) * ROWS * COLS));
  sm_init<<<CEIL_DIV(ROWS * COLS, 256), 256>>>(dIn, ROWS * COLS);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  {
    dim3 grid(CEIL_DIV(ROWS, THREAD_ROW_BLOCK));
    dim3 block(THREAD_ROW_BLOCK);
    TIME_KERNEL(sm1_three_pass_thread_per_row, grid, block, 0, dIn, dOut, ROWS,
                COLS);
  }
  {
    dim3 grid(ROWS);
    dim3 block(ROW_BLOCK);
    TIME_KERNEL(sm2_block_per_row_three_pass, grid, block, 0, dIn, dOut, ROWS,
                COLS);
  }
  {
    dim3 grid(ROWS);
    dim3 block(ROW_BLOCK);
    TIME_KERNEL(sm3_block_per_row_online, grid, block, 0, dIn, dOut, ROWS,
                COLS);
  }
  {
    dim3 grid(CEIL_DIV(ROWS, ROWS_PER_BLOCK));
    dim3 block(WARP_BLOCK);
    TIME_KERNEL(sm4_warp_per_row_shuffle, grid, block, 0, dIn, dOut, ROWS,
                COLS);
  }
  {
    dim3 grid(CEIL_DIV(ROWS, ROWS_PER_BLOCK));
    dim3 block(WARP_BLOCK);
    TIME_KERNEL(sm5_warp_per_row_float4, grid, block, 0, dIn, dOut, ROWS,
                COLS);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  return 0;
}
