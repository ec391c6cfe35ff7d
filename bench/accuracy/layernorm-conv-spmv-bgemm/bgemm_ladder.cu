// Batched small GEMM ladder: C[b] = A[b] B[b] for 16384 independent 32x32x32
// fp32 problems, all matrices row-major and packed one after the other
// (A, B and C 64 MiB each). Entries of A and B are multiples of 1/16 in
// [-0.5, 0.5): every product and partial sum is exact in fp32, so the check
// compares whole sampled C matrices exactly with a CPU reference. Steps:
//   bg1_thread_per_output         one thread per C element (256-thread blocks,
//                                 4 blocks per batch), 32 A and 32 B loads
//                                 from global memory per output (a warp
//                                 shares one A row, reads B rows coalesced).
//   bg2_block_per_matrix_shared   one 32x32 block per batch: A[b] and B[b]
//                                 staged in shared memory (8 KiB), one
//                                 output per thread.
//   bg3_block_per_matrix_regtile  one 32x8 block per batch, A[b] and B[b] in
//                                 shared memory; each thread computes the 4
//                                 outputs (ty + 8 i, tx), i < 4, of one
//                                 column, reusing each B value 4 times from
//                                 a register.
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

constexpr int BATCH = 16384;
constexpr int M = 32;                 // every matrix is M x M
constexpr int MM = M * M;             // elements per matrix
constexpr int OUT_BLOCK = 256;        // bg1
constexpr int RT_ROWS = 8;            // bg3 block is M x RT_ROWS
constexpr int RT_PER_THREAD = M / RT_ROWS; // bg3: outputs per thread (4)
constexpr int REPS = 5;               // timed launches (RLA_REPS overrides)

static_assert(M == 32, "bg2 / bg3 map a warp onto one matrix row");
static_assert(MM % OUT_BLOCK == 0, "bg1 blocks do not straddle batches");

__host__ __device__ inline unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
__host__ __device__ inline unsigned hash_seeded(unsigned i, unsigned seed) {
  return hash32(i + seed * 0x9e3779b9u);
}
// multiples of 1/16 in [-0.5, 0.5)
__host__ __device__ inline float mat_value(unsigned idx, unsigned seed) {
  return float(hash_seeded(idx, seed) & 0xfu) * (1.0f / 16.0f) - 0.5f;
}
constexpr unsigned SEED_A = 1u, SEED_B = 2u;

// ---------------------------------------------------------------- init
__global__ void bg_init(float *x, int n, unsigned seed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = mat_value(unsigned(i), seed);
}

// ---------------------------------------------------------------- step 1
__global__ void bg1_thread_per_output(const float *A, const float *B, float *C,
                                      int batch) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= batch * MM)
    return;
  const int b = idx / MM;
  const int i = (idx / M) % M; // row of C
  const int j = idx % M;       // column of C
  const float *a = A + size_t(b) * MM + i * M;
  const float *bm = B + size_t(b) * MM + j;
  float acc = 0.0f;
#pragma unroll 8
  for (int k = 0; k < M; ++k)
    acc += a[k] * bm[k * M];
  C[idx] = acc;
}

// ---------------------------------------------------------------- step 2
// block M x M, blockIdx.x = batch
__global__ void bg2_block_per_matrix_shared(const float *A, const float *B,
                                            float *C, int batch) {
  __shared__ float As[M][M];
  __shared__ float Bs[M][M];
  const int b = blockIdx.x;
  if (b >= batch)
    return; // whole block leaves together
  const int tx = threadIdx.x, ty = threadIdx.y;
  const size_t base = size_t(b) * MM;
  As[ty][tx] = A[base + ty * M + tx];
  Bs[ty][tx] = B[base + ty * M + tx];
  __syncthreads();
  float acc = 0.0f;
#pragma unroll
  for (int k = 0; k < M; ++k)
    acc += As[ty][k] * Bs[k][tx];
  C[base + ty * M + tx] = acc;
}

// ---------------------------------------------------------------- step 3
// block M x RT_ROWS, blockIdx.x = batch; thread (tx, ty) owns C rows
// ty, ty + RT_ROWS, ... of column tx.
__global__ void bg3_block_per_matrix_regtile(const float *A, const float *B,
                                             float *C, int batch) {
  __shared__ float As[M][M];
  __shared__ float Bs[M][M];
  const int b = blockIdx.x;
  if (b >= batch)
    return;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const size_t base = size_t(b) * MM;
#pragma unroll
  for (int r = 0; r < RT_PER_THREAD; ++r) {
    const int row = ty + r * RT_ROWS;
    As[row][tx] = A[base + row * M + tx];
    Bs[row][tx] = B[base + row * M + tx];
  }
  __syncthreads();
  float acc[RT_PER_THREAD];
#pragma unroll
  for (int r = 0; r < RT_PER_THREAD; ++r)
    acc[r] = 0.0f;
#pragma unroll
  for (int k = 0; k < M; ++k) {
    const float bv = Bs[k][tx];
#pragma unroll
    for (int r = 0; r < RT_PER_THREAD; ++r)
      acc[r] += As[ty + r * RT_ROWS][k] * bv;
  }
#pragma unroll
  for (int r = 0; r < RT_PER_THREAD; ++r)
    C[base + (ty + r * RT_ROWS) * M + tx] = acc[r];
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

// Whole sampled C matrices against a CPU product (exact values).
static void check_out(const char *name, const float *dC) {
  const int batches[] = {0, 1, 2, 3, 4, 777, BATCH / 2 + 1, BATCH - 1};
  std::vector<float> got(MM);
  bool ok = true;
  for (int b : batches) {
    CUDA_CHECK(cudaMemcpy(got.data(), dC + size_t(b) * MM, sizeof(float) * MM,
                          cudaMemcpyDeviceToHost));
    const unsigned base = unsigned(b) * MM;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < M; ++j) {
        double want = 0.0;
        for (int k = 0; k < M; ++k)
          want += double(mat_value(base + i * M + k, SEED_A)) *
                  double(mat_value(base + k * M + j, SEED_B));
        const float g = got[i * M + j];
        if (!(fabs(g - want) <= 1e-6)) {
          if (ok)
            fprintf(stderr, "%s: C[%d][%d][%d] got %g expected %g\n", name, b,
                    i, j, g, want);
          ok = false;
        }
      }
  }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Clears C, one warm-up launch, then reps timed launches.
#define TIME_KERNEL(NAME, GRID, BLOCK_, SMEM, ...)                             \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(dC, 0, sizeof(float) * BATCH * MM));                 \
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
    check_out(#NAME, dC);                                                      \
  } while (0)

int main() {
  const int reps = reps_from_env();
  float *dA = nullptr, *dB = nullptr, *dC = nullptr;
  CUDA_CHECK(cudaMalloc(&dA, sizeof(float) * BATCH * MM));
  CUDA_CHECK(cudaMalloc(&dB, sizeof(float) * BATCH * MM));
  CUDA_CHECK(cudaMalloc(&dC, sizeof(float) * BATCH * MM));
  bg_init<<<CEIL_DIV(BATCH * MM, 256), 256>>>(dA, BATCH * MM, SEED_A);
  bg_init<<<CEIL_DIV(BATCH * MM, 256), 256>>>(dB, BATCH * MM, SEED_B);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  {
    dim3 grid(CEIL_DIV(BATCH * MM, OUT_BLOCK));
    dim3 block(OUT_BLOCK);
    TIME_KERNEL(bg1_thread_per_output, grid, block, 0, dA, dB, dC, BATCH);
  }
  {
    dim3 grid(BATCH);
    dim3 block(M, M);
    TIME_KERNEL(bg2_block_per_matrix_shared, grid, block, 0, dA, dB, dC,
                BATCH);
  }
  {
    dim3 grid(BATCH);
    dim3 block(M, RT_ROWS);
    TIME_KERNEL(bg3_block_per_matrix_regtile, grid, block, 0, dA, dB, dC,
                BATCH);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));
  CUDA_CHECK(cudaFree(dC));
  return 0;
}
