// Matrix-vector product ladder: y = A * x, fp32, A row-major with M = 8192
// rows and N = 8192 columns (256 MiB), x and y 32 KiB each. Every step
// computes the whole of y; the check compares sampled rows with a CPU
// reference (inputs are multiples of 1/8 in [-1, 1), so every partial sum
// is exact in fp32 whatever the summation order). Steps:
//   gemv1_row_per_thread        thread i loops over row i of A: at each step
//                               the 32 lanes of a warp read 32 different rows
//                               (uncoalesced, one sector per lane).
//   gemv2_col_major_access      same thread-per-row split, A read from a
//                               transposed copy At[j*M + i]: the lanes of a
//                               warp read 32 consecutive floats (coalesced).
//   gemv3_warp_per_row          one warp per row, lanes stride the row
//                               (coalesced), __shfl_down_sync reduction.
//   gemv4_block_per_row         256 threads per row, shared-memory tree
//                               reduction with a barrier per level.
//   gemv5_warp_per_row_float4   gemv3 with 16-byte float4 loads of A and x.
//   gemv6_warp_per_row_x_in_shared  16 rows per block (2 per warp); x staged
//                               in 4 KiB shared tiles (float4), each tile
//                               element used for both rows of a warp.
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

constexpr int M = 8192;              // rows of A, length of y
constexpr int N = 8192;              // columns of A, length of x
constexpr int THREAD_ROW_BLOCK = 128; // gemv1 / gemv2: one row per thread
constexpr int WARP_BLOCK = 256;       // gemv3 / gemv5 / gemv6: 8 warps
constexpr int WARPS_PER_BLOCK = WARP_BLOCK / 32;
constexpr int ROW_BLOCK = 256;        // gemv4: threads per row
constexpr int G6_ROWS_PER_WARP = 2;
constexpr int G6_ROWS = WARPS_PER_BLOCK * G6_ROWS_PER_WARP; // rows per block
constexpr int X_TILE = 1024;          // floats of x per shared tile (4 KiB)
constexpr int REPS = 5;               // timed launches (RLA_REPS overrides)

static_assert(N % 4 == 0, "float4 steps need N a multiple of 4");
static_assert(N % X_TILE == 0, "gemv6 walks x in whole tiles");
static_assert(X_TILE / 4 <= WARP_BLOCK, "gemv6 loads a tile in one sweep");

__host__ __device__ inline unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
// Multiples of 1/8 in [-1, 1): products are multiples of 1/64, so any sum of
// 8192 of them is exact in fp32.
__host__ __device__ inline float a_value(unsigned idx) { // idx = row*N + col
  return float(int(hash32(idx) & 15u) - 8) * 0.125f;
}
__host__ __device__ inline float x_value(unsigned j) {
  return float(int(hash32(j + 0x9e3779b9u) & 15u) - 8) * 0.125f;
}

// ---------------------------------------------------------------- init
__global__ void gemv_init_a(float *A, int m, int n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < unsigned(m) * unsigned(n))
    A[i] = a_value(i);
}
// At[j*m + i] = A[i*n + j]
__global__ void gemv_init_at(float *At, int m, int n) {
  const unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < unsigned(m) * unsigned(n)) {
    const unsigned j = idx / unsigned(m), i = idx % unsigned(m);
    At[idx] = a_value(i * unsigned(n) + j);
  }
}
__global__ void gemv_init_x(float *x, int n) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < n)
    x[j] = x_value(unsigned(j));
}

__inline__ __device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// ---------------------------------------------------------------- step 1
__global__ void gemv1_row_per_thread(const float *A, const float *x, float *y,
                                     int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    const float *row = A + size_t(i) * n;
    float s = 0.0f;
    for (int j = 0; j < n; ++j)
      s += row[j] * x[j];
    y[i] = s;
  }
}

// ---------------------------------------------------------------- step 2
__global__ void gemv2_col_major_access(const float *At, const float *x,
                                       float *y, int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < n; ++j)
      s += At[size_t(j) * m + i] * x[j];
    y[i] = s;
  }
}

// ---------------------------------------------------------------- step 3
__global__ void gemv3_warp_per_row(const float *A, const float *x, float *y,
                                   int m, int n) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (row >= m)
    return; // whole warp leaves together
  const float *a = A + size_t(row) * n;
  float s = 0.0f;
  for (int j = lane; j < n; j += 32)
    s += a[j] * x[j];
  s = warp_sum(s);
  if (lane == 0)
    y[row] = s;
}

// ---------------------------------------------------------------- step 4
__global__ void gemv4_block_per_row(const float *A, const float *x, float *y,
                                    int m, int n) {
  __shared__ float partial[ROW_BLOCK];
  const int tid = threadIdx.x;
  const int row = blockIdx.x;
  const float *a = A + size_t(row) * n;
  float s = 0.0f;
  for (int j = tid; j < n; j += ROW_BLOCK)
    s += a[j] * x[j];
  partial[tid] = s;
  __syncthreads();
  for (int stride = ROW_BLOCK / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0 && row < m)
    y[row] = partial[0];
}

// ---------------------------------------------------------------- step 5
__global__ void gemv5_warp_per_row_float4(const float *A, const float *x,
                                          float *y, int m, int n) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (row >= m)
    return;
  const float4 *a4 = reinterpret_cast<const float4 *>(A + size_t(row) * n);
  const float4 *x4 = reinterpret_cast<const float4 *>(x);
  float s = 0.0f;
  for (int k = lane; k < n / 4; k += 32) {
    const float4 a = a4[k];
    const float4 b = x4[k];
    s += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  }
  s = warp_sum(s);
  if (lane == 0)
    y[row] = s;
}

// ---------------------------------------------------------------- step 6
__global__ void gemv6_warp_per_row_x_in_shared(const float *A, const float *x,
                                               float *y, int m, int n) {
  __shared__ float4 xs[X_TILE / 4];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int row0 = blockIdx.x * G6_ROWS + warp * G6_ROWS_PER_WARP;
  const float4 *x4 = reinterpret_cast<const float4 *>(x);
  float acc[G6_ROWS_PER_WARP];
#pragma unroll
  for (int r = 0; r < G6_ROWS_PER_WARP; ++r)
    acc[r] = 0.0f;

  for (int t = 0; t < n; t += X_TILE) {
    __syncthreads(); // every warp is done with the previous tile
    if (threadIdx.x < X_TILE / 4)
      xs[threadIdx.x] = x4[t / 4 + threadIdx.x];
    __syncthreads();
    for (int k = lane; k < X_TILE / 4; k += 32) {
      const float4 b = xs[k];
#pragma unroll
      for (int r = 0; r < G6_ROWS_PER_WARP; ++r) {
        const int row = row0 + r;
        if (row < m) {
          const float4 a =
              reinterpret_cast<const float4 *>(A + size_t(row) * n + t)[k];
          acc[r] += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
        }
      }
    }
  }
#pragma unroll
  for (int r = 0; r < G6_ROWS_PER_WARP; ++r) {
    const float s = warp_sum(acc[r]);
    if (lane == 0 && row0 + r < m)
      y[row0 + r] = s;
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

// Compares sampled rows of y with a double-precision CPU reference.
static void check_y(const char *name, const float *dY) {
  std::vector<float> hx(N);
  for (int j = 0; j < N; ++j)
    hx[j] = x_value(unsigned(j));
  const int rows[] = {0, 1, 7, 31, 32, 1000, 4095, 4096, 5555, M - 2, M - 1};
  bool ok = true;
  for (int r : rows) {
    double ref = 0.0, mag = 0.0;
    for (int j = 0; j < N; ++j) {
      const double p = double(a_value(unsigned(r) * N + j)) * hx[j];
      ref += p;
      mag += fabs(p);
    }
    float got = 0.0f;
    CUDA_CHECK(cudaMemcpy(&got, dY + r, sizeof(float), cudaMemcpyDeviceToHost));
    if (!(fabs(got - ref) <= 1e-6 * mag + 1e-4)) {
      ok = false;
      fprintf(stderr, "%s: row %d got %f expected %f\n", name, r, got, ref);
    }
  }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Clears y, one warm-up launch, then reps timed launches between two events.
#define TIME_KERNEL(NAME, GRID, BLOCK_, SMEM, ...)                             \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(dY, 0, sizeof(float) * M));                          \
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
    check_y(#NAME, dY);                                                        \
  } while (0)

int main() {
  const int reps = reps_from_env();
  float *dA = nullptr, *dAt = nullptr, *dX = nullptr, *dY = nullptr;
  CUDA_CHECK(cudaMalloc(&dA, sizeof(float) * M * N));
  CUDA_CHECK(cudaMalloc(&dAt, sizeof(float) * M * N));
  CUDA_CHECK(cudaMalloc(&dX, sizeof(float) * N));
  CUDA_CHECK(cudaMalloc(&dY, sizeof(float) * M));
  gemv_init_a<<<CEIL_DIV(M * N, 256), 256>>>(dA, M, N);
  gemv_init_at<<<CEIL_DIV(M * N, 256), 256>>>(dAt, M, N);
  gemv_init_x<<<CEIL_DIV(N, 256), 256>>>(dX, N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  {
    dim3 grid(CEIL_DIV(M, THREAD_ROW_BLOCK));
    dim3 block(THREAD_ROW_BLOCK);
    TIME_KERNEL(gemv1_row_per_thread, grid, block, 0, dA, dX, dY, M, N);
  }
  {
    dim3 grid(CEIL_DIV(M, THREAD_ROW_BLOCK));
    dim3 block(THREAD_ROW_BLOCK);
    TIME_KERNEL(gemv2_col_major_access, grid, block, 0, dAt, dX, dY, M, N);
  }
  {
    dim3 grid(CEIL_DIV(M, WARPS_PER_BLOCK));
    dim3 block(WARP_BLOCK);
    TIME_KERNEL(gemv3_warp_per_row, grid, block, 0, dA, dX, dY, M, N);
  }
  {
    dim3 grid(M);
    dim3 block(ROW_BLOCK);
    TIME_KERNEL(gemv4_block_per_row, grid, block, 0, dA, dX, dY, M, N);
  }
  {
    dim3 grid(CEIL_DIV(M, WARPS_PER_BLOCK));
    dim3 block(WARP_BLOCK);
    TIME_KERNEL(gemv5_warp_per_row_float4, grid, block, 0, dA, dX, dY, M, N);
  }
  {
    dim3 grid(CEIL_DIV(M, G6_ROWS));
    dim3 block(WARP_BLOCK);
    TIME_KERNEL(gemv6_warp_per_row_x_in_shared, grid, block, 0, dA, dX, dY, M,
                N);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dAt));
  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dY));
  return 0;
}
