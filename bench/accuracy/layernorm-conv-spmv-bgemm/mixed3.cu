// Mixed suite 3: single kernels that each stress a different resource.
//   exp_log_mix             16 rounds of v = logf(1 + expf(v - 1)) (an IEEE
//                           expf and logf each) per element, 2^24 floats.
//   int_div_mod             32 rounds of an unsigned division and modulo by a
//                           divisor passed as a kernel argument (not a
//                           compile-time constant), mixed back into the
//                           value, 2^24 elements.
//   double_poly_few_blocks  32 blocks x 256 threads, each thread runs a
//                           Horner chain of 4096 dependent DFMAs in
//                           registers: a latency-bound fp64 grid far too
//                           small for the GPU.
//   atomic_add_float_hot    2^24 threads each atomicAdd one float into one of
//                           64 addresses (element i into slot i % 64): every
//                           slot takes 2^18 adds per launch.
//   copy_strided_2d         copy of an 8192 x 8192 float matrix (256 MiB in,
//                           256 MiB out) with the row strides passed as
//                           arguments, one element per thread, 16x16 blocks
//                           (a warp covers two 64-byte row pieces).
//   warp_vote_ballot        count of the elements > 0.5 of 2^26 floats:
//                           grid-stride loop (1024 x 256 threads), one
//                           __ballot_sync and __popc per warp step, one
//                           atomicAdd per warp.
// Each kernel's buffers are allocated (cudaMalloc) and initialised once, just
// before it is timed, and freed after its check, so the peak is the copy's
// 512 MiB. The two atomic kernels accumulate over the timed launches; their
// check clears the result and runs one more launch. Set RLA_REPS to change
// the number of timed launches (default 5).
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

constexpr int BLOCK = 256;
constexpr int EL_N = 1 << 24;
constexpr int EL_ROUNDS = 16;
constexpr int DIV_N = 1 << 24;
constexpr int DIV_ROUNDS = 32;
constexpr unsigned DIVISOR = 12345u; // passed to int_div_mod at run time
constexpr int POLY_BLOCKS = 32;
constexpr int POLY_THREADS = 256;
constexpr int POLY_STEPS = 4096;
constexpr int HOT_N = 1 << 24;
constexpr int HOT_SLOTS = 64;
constexpr int CP_N = 8192; // copy: CP_N x CP_N floats
constexpr int CP_TILE = 16;
constexpr int VOTE_N = 1 << 26;
constexpr int VOTE_GRID = 1024;
constexpr int REPS = 5; // timed launches (RLA_REPS overrides)

constexpr double POLY_C = 0.5;

static_assert(VOTE_N % 32 == 0, "warp_vote_ballot");

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
// 32 rounds of int_div_mod's update
__host__ __device__ inline unsigned div_mod_rounds(unsigned v, unsigned d) {
  for (int r = 0; r < DIV_ROUNDS; ++r) {
    const unsigned q = v / d;
    const unsigned m = v % d;
    v = (q ^ (m << 11)) * 0x9e3779b1u + m + unsigned(r);
  }
  return v;
}

// ---------------------------------------------------------------- init
// x[i] = (hash & mask) * scale + offset
__global__ void init_float(float *x, int n, unsigned seed, unsigned mask,
                           float scale, float offset) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(hash_seeded(unsigned(i), seed) & mask) * scale + offset;
}
__global__ void init_double(double *x, int n, unsigned seed, unsigned mask,
                            double scale, double offset) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = double(hash_seeded(unsigned(i), seed) & mask) * scale + offset;
}
__global__ void init_uint(unsigned *x, int n, unsigned seed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = hash_seeded(unsigned(i), seed);
}

// ---------------------------------------------------------------- kernels
__global__ void exp_log_mix(const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    for (int r = 0; r < EL_ROUNDS; ++r)
      v = logf(1.0f + expf(v - 1.0f));
    y[i] = v;
  }
}

__global__ void int_div_mod(const unsigned *in, unsigned *out, int n,
                            unsigned divisor) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = div_mod_rounds(in[i], divisor);
}

__global__ void double_poly_few_blocks(const double *x, double *out) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const double t = x[tid];
  double p = 1.0;
  for (int k = 0; k < POLY_STEPS; ++k)
    p = fma(p, t, POLY_C);
  out[tid] = p;
}

__global__ void atomic_add_float_hot(const float *x, float *slots, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&slots[i % HOT_SLOTS], x[i]);
}

__global__ void copy_strided_2d(const float *in, int ldIn, float *out,
                                int ldOut, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols)
    out[size_t(r) * ldOut + c] = in[size_t(r) * ldIn + c];
}

__global__ void warp_vote_ballot(const float *x, unsigned *count, int n) {
  const int lane = threadIdx.x % 32;
  const int stride = blockDim.x * gridDim.x;
  unsigned local = 0; // kept by lane 0
  // base is the warp's first index: the loop condition is warp-uniform, so
  // every lane reaches each full-mask ballot
  for (int base = blockIdx.x * blockDim.x + threadIdx.x - lane; base < n;
       base += stride) {
    const int i = base + lane;
    const bool pred = i < n && x[i] > 0.5f;
    const unsigned ballot = __ballot_sync(0xffffffffu, pred);
    if (lane == 0)
      local += __popc(ballot);
  }
  if (lane == 0)
    atomicAdd(count, local);
}

// ---------------------------------------------------------------- host
static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}
static void report(const char *name, bool ok) {
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}
static int reps_from_env() {
  const char *s = getenv("RLA_REPS");
  const int r = s ? atoi(s) : REPS;
  return r > 0 ? r : REPS;
}
template <typename T> static T fetch(const T *d, size_t i) {
  T v;
  CUDA_CHECK(cudaMemcpy(&v, d + i, sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}
static bool near_value(double got, double want, double rel, double abs_) {
  return fabs(got - want) <= rel * fabs(want) + abs_;
}

// One warm-up launch, then reps timed launches between two events.
#define TIME_KERNEL(NAME, GRID, BLOCK_, SMEM, ...)                             \
  do {                                                                         \
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
  } while (0)

int main() {
  const int reps = reps_from_env();
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const dim3 block(BLOCK);

  // ------------------------------------------------ exp_log_mix
  {
    float *dX, *dY;
    CUDA_CHECK(cudaMalloc(&dX, sizeof(float) * EL_N));
    CUDA_CHECK(cudaMalloc(&dY, sizeof(float) * EL_N));
    // [0, 4)
    init_float<<<CEIL_DIV(EL_N, BLOCK), BLOCK>>>(dX, EL_N, 1u, 0xffffu,
                                                 1.0f / 16384.0f, 0.0f);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    dim3 grid(CEIL_DIV(EL_N, BLOCK));
    TIME_KERNEL(exp_log_mix, grid, block, 0, dX, dY, EL_N);
    // the map's slope is below 1: rounding errors do not grow along the chain
    bool ok = true;
    for (int i : {0, 1, 2, 3, 1000, 65537, EL_N / 2, EL_N - 1}) {
      double v = double(hash_seeded(unsigned(i), 1u) & 0xffffu) / 16384.0;
      for (int r = 0; r < EL_ROUNDS; ++r)
        v = log(1.0 + exp(v - 1.0));
      ok = ok && near_value(fetch(dY, i), v, 1e-5, 1e-6);
    }
    report("exp_log_mix", ok);
    CUDA_CHECK(cudaFree(dX));
    CUDA_CHECK(cudaFree(dY));
  }

  // ------------------------------------------------ int_div_mod
  {
    unsigned *dIn, *dOut;
    CUDA_CHECK(cudaMalloc(&dIn, sizeof(unsigned) * DIV_N));
    CUDA_CHECK(cudaMalloc(&dOut, sizeof(unsigned) * DIV_N));
    init_uint<<<CEIL_DIV(DIV_N, BLOCK), BLOCK>>>(dIn, DIV_N, 2u);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    dim3 grid(CEIL_DIV(DIV_N, BLOCK));
    const unsigned divisor = DIVISOR;
    TIME_KERNEL(int_div_mod, grid, block, 0, dIn, dOut, DIV_N, divisor);
    bool ok = true;
    for (int i : {0, 1, 2, 255, 256, 123457, DIV_N / 2, DIV_N - 1})
      ok = ok && fetch(dOut, i) ==
                     div_mod_rounds(hash_seeded(unsigned(i), 2u), DIVISOR);
    report("int_div_mod", ok);
    CUDA_CHECK(cudaFree(dIn));
    CUDA_CHECK(cudaFree(dOut));
  }

  // ------------------------------------------------ double_poly_few_blocks
  {
    constexpr int T = POLY_BLOCKS * POLY_THREADS;
    double *dX, *dOut;
    CUDA_CHECK(cudaMalloc(&dX, sizeof(double) * T));
    CUDA_CHECK(cudaMalloc(&dOut, sizeof(double) * T));
    // t in [0.5, 0.75): p converges to POLY_C / (1 - t) <= 2
    init_double<<<CEIL_DIV(T, BLOCK), BLOCK>>>(dX, T, 3u, 0xffu,
                                               1.0 / 1024.0, 0.5);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    dim3 grid(POLY_BLOCKS);
    dim3 polyBlock(POLY_THREADS);
    TIME_KERNEL(double_poly_few_blocks, grid, polyBlock, 0, dX, dOut);
    bool ok = true;
    for (int t : {0, 1, 100, 255, 256, T - 1}) {
      const double x = double(hash_seeded(unsigned(t), 3u) & 0xffu) / 1024.0 +
                       0.5;
      double p = 1.0;
      for (int k = 0; k < POLY_STEPS; ++k)
        p = fma(p, x, POLY_C);
      ok = ok && near_value(fetch(dOut, t), p, 1e-12, 0.0);
    }
    report("double_poly_few_blocks", ok);
    CUDA_CHECK(cudaFree(dX));
    CUDA_CHECK(cudaFree(dOut));
  }

  // ------------------------------------------------ atomic_add_float_hot
  {
    float *dX, *dSlots;
    CUDA_CHECK(cudaMalloc(&dX, sizeof(float) * HOT_N));
    CUDA_CHECK(cudaMalloc(&dSlots, sizeof(float) * HOT_SLOTS));
    // multiples of 1/2 below 4: a slot's sum over one launch (< 2^20) is
    // exact in fp32 in any order
    init_float<<<CEIL_DIV(HOT_N, BLOCK), BLOCK>>>(dX, HOT_N, 4u, 7u, 0.5f,
                                                  0.0f);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemset(dSlots, 0, sizeof(float) * HOT_SLOTS));
    CUDA_CHECK(cudaDeviceSynchronize());
    dim3 grid(CEIL_DIV(HOT_N, BLOCK));
    TIME_KERNEL(atomic_add_float_hot, grid, block, 0, dX, dSlots, HOT_N);
    // one more launch from zero for the check
    CUDA_CHECK(cudaMemset(dSlots, 0, sizeof(float) * HOT_SLOTS));
    atomic_add_float_hot<<<grid, block>>>(dX, dSlots, HOT_N);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<double> want(HOT_SLOTS, 0.0);
    for (int i = 0; i < HOT_N; ++i)
      want[i % HOT_SLOTS] += double(hash_seeded(unsigned(i), 4u) & 7u) * 0.5;
    std::vector<float> got(HOT_SLOTS);
    CUDA_CHECK(cudaMemcpy(got.data(), dSlots, sizeof(float) * HOT_SLOTS,
                          cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int s = 0; s < HOT_SLOTS; ++s)
      ok = ok && double(got[s]) == want[s];
    report("atomic_add_float_hot", ok);
    CUDA_CHECK(cudaFree(dX));
    CUDA_CHECK(cudaFree(dSlots));
  }

  // ------------------------------------------------ copy_strided_2d
  {
    float *dIn, *dOut;
    CUDA_CHECK(cudaMalloc(&dIn, sizeof(float) * CP_N * CP_N));
    CUDA_CHECK(cudaMalloc(&dOut, sizeof(float) * CP_N * CP_N));
    init_float<<<CEIL_DIV(CP_N * CP_N, BLOCK), BLOCK>>>(
        dIn, CP_N * CP_N, 5u, 0xffffu, 1.0f / 256.0f, 0.0f);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemset(dOut, 0, sizeof(float) * CP_N * CP_N));
    CUDA_CHECK(cudaDeviceSynchronize());
    dim3 grid(CEIL_DIV(CP_N, CP_TILE), CEIL_DIV(CP_N, CP_TILE));
    dim3 cpBlock(CP_TILE, CP_TILE);
    const int ld = CP_N;
    TIME_KERNEL(copy_strided_2d, grid, cpBlock, 0, dIn, ld, dOut, ld, CP_N,
                CP_N);
    bool ok = true;
    const int pts[] = {0, 1, 15, 16, 17, 31, 4097, CP_N - 2, CP_N - 1};
    for (int r : pts)
      for (int c : pts) {
        const size_t e = size_t(r) * CP_N + c;
        const float want =
            float(hash_seeded(unsigned(e), 5u) & 0xffffu) / 256.0f;
        ok = ok && fetch(dOut, e) == want;
      }
    report("copy_strided_2d", ok);
    CUDA_CHECK(cudaFree(dIn));
    CUDA_CHECK(cudaFree(dOut));
  }

  // ------------------------------------------------ warp_vote_ballot
  {
    float *dX;
    unsigned *dCount;
    CUDA_CHECK(cudaMalloc(&dX, sizeof(float) * VOTE_N));
    CUDA_CHECK(cudaMalloc(&dCount, sizeof(unsigned)));
    // [0, 1)
    init_float<<<CEIL_DIV(VOTE_N, BLOCK), BLOCK>>>(dX, VOTE_N, 6u, 0xffffu,
                                                   1.0f / 65536.0f, 0.0f);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemset(dCount, 0, sizeof(unsigned)));
    CUDA_CHECK(cudaDeviceSynchronize());
    dim3 grid(VOTE_GRID);
    TIME_KERNEL(warp_vote_ballot, grid, block, 0, dX, dCount, VOTE_N);
    // one more launch from zero for the check
    CUDA_CHECK(cudaMemset(dCount, 0, sizeof(unsigned)));
    warp_vote_ballot<<<grid, block>>>(dX, dCount, VOTE_N);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    unsigned want = 0;
    for (int i = 0; i < VOTE_N; ++i)
      want += (hash_seeded(unsigned(i), 6u) & 0xffffu) > 0x8000u; // > 0.5
    report("warp_vote_ballot", fetch(dCount, 0) == want);
    CUDA_CHECK(cudaFree(dX));
    CUDA_CHECK(cudaFree(dCount));
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return 0;
}
