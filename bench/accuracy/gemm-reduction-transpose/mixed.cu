// Mixed suite: kernels that each stress a different part of a cost model.
//   hist1_global_atomic      256-bin histogram of 2^26 random bytes, every
//                            byte an atomicAdd on a global bin (contention).
//   hist2_shared_privatized  the same with per-block bins in shared memory,
//                            merged into the global bins at the end.
//   tri_rowsum               thread i sums A[i*N + j] for j <= i (8192 rows):
//                            triangular work, one row per thread.
//   small_grid_work          4 blocks of 128 threads walk 2^22 floats: a grid
//                            far too small to fill the GPU.
//   sfu_heavy                16 rounds of sinf/expf/__expf per element.
//   daxpy                    y = a*x + y in fp64.
//   dpoly                    8 passes of a degree-31 Horner polynomial in
//                            fp64 per element (DFMA bound).
//   half2_axpy               y = a*x + y on __half2 (HFMA2).
//   half2_poly               32 dependent __hfma2 per element.
//   saxpy                    y = a*x + y in fp32.
//   pointer_chase            each thread follows 1024 links of a random
//                            permutation: a chain of dependent loads.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
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
constexpr int HIST_BYTES = 1 << 26;
constexpr int NUM_BINS = 256;
constexpr int HIST_GRID = 1024;
constexpr int TRI_N = 8192;
constexpr int SMALL_N = 1 << 22;
constexpr int SMALL_BLOCKS = 4, SMALL_THREADS = 128;
constexpr int SFU_N = 1 << 24;
constexpr int SFU_ROUNDS = 16;
constexpr int D_N = 1 << 24;
constexpr int POLY_DEGREE = 31, POLY_PASSES = 8;
constexpr int H2_N = 1 << 24; // __half2 elements (2^25 halves)
constexpr int S_N = 1 << 25;
constexpr int CHASE_N = 1 << 24;
constexpr int CHASE_BLOCKS = 64;
constexpr int CHASE_STEPS = 1024;
constexpr int REPS = 5;
constexpr int LAUNCHES = REPS + 1; // warm-up + timed, for in-place kernels

__constant__ double c_coef[POLY_DEGREE + 1];

__host__ __device__ inline unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
__host__ __device__ inline float small_value(int i) { return float(i % 7) * 0.5f; }
__host__ __device__ inline unsigned chase_next(unsigned i) {
  return (i * 1103515245u + 12345u) & unsigned(CHASE_N - 1); // a permutation
}

// ---------------------------------------------------------------- init
__global__ void init_bytes(unsigned char *d, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = (unsigned char)(hash32(unsigned(i)) & 0xffu);
}
__global__ void init_float(float *x, int n, int mod, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(i % mod) * scale;
}
__global__ void init_double(double *x, int n, int mod, double scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = double(i % mod) * scale;
}
__global__ void init_half2(__half2 *x, int n, int mod) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = __floats2half2_rn(float((2 * i) % mod), float((2 * i + 1) % mod));
}
__global__ void init_chase(int *next, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    next[i] = int(chase_next(unsigned(i)));
}

// ---------------------------------------------------------------- kernels
__global__ void hist1_global_atomic(const unsigned char *data, unsigned *bins,
                                    int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
}

__global__ void hist2_shared_privatized(const unsigned char *data,
                                        unsigned *bins, int n) {
  __shared__ unsigned local[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

__global__ void tri_rowsum(const float *A, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int j = 0; j <= i; ++j)
      s += A[i * n + j];
    out[i] = s;
  }
}

__global__ void small_grid_work(const float *x, float *out, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int i = tid; i < n; i += blockDim.x * gridDim.x) {
    const float v = x[i];
    acc = fmaf(v, v, acc);
  }
  out[tid] = acc;
}

__global__ void sfu_heavy(const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    for (int r = 0; r < SFU_ROUNDS; ++r)
      v = 0.5f * sinf(v) + 0.25f * expf(-v * v) + 0.125f * __expf(-fabsf(v));
    y[i] = v;
  }
}

__global__ void daxpy(int n, double a, const double *x, double *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void dpoly(const double *x, double *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    for (int pass = 0; pass < POLY_PASSES; ++pass) {
      double p = c_coef[POLY_DEGREE];
      for (int k = POLY_DEGREE - 1; k >= 0; --k)
        p = fma(p, v, c_coef[k]);
      v = 0.25 * p;
    }
    y[i] = v;
  }
}

__global__ void half2_axpy(int n, __half2 a, const __half2 *x, __half2 *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __hfma2(a, x[i], y[i]);
}

__global__ void half2_poly(const __half2 *x, __half2 *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const __half2 c = __float2half2_rn(0.5f);
    const __half2 d = __float2half2_rn(0.25f);
    __half2 v = x[i];
    for (int r = 0; r < 32; ++r)
      v = __hfma2(v, c, d);
    y[i] = v;
  }
}

__global__ void saxpy(int n, float a, const float *x, float *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void pointer_chase(const int *next, int *out, int steps) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int p = tid;
  for (int s = 0; s < steps; ++s)
    p = next[p];
  out[tid] = p;
}

// ---------------------------------------------------------------- host
static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}
static void report(const char *name, bool ok) {
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}
template <typename T> static T fetch(const T *d, size_t i) {
  T v;
  CUDA_CHECK(cudaMemcpy(&v, d + i, sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}
static bool near_value(double got, double want, double rel, double abs_) {
  return fabs(got - want) <= rel * fabs(want) + abs_;
}

// One warm-up launch, then REPS timed launches between two events.
#define TIME_KERNEL(NAME, GRID, BLOCK_, ...)                                   \
  do {                                                                         \
    NAME<<<GRID, BLOCK_>>>(__VA_ARGS__);                                       \
    CUDA_CHECK(cudaGetLastError());                                            \
    CUDA_CHECK(cudaDeviceSynchronize());                                       \
    CUDA_CHECK(cudaEventRecord(start));                                        \
    for (int rep = 0; rep < REPS; ++rep)                                       \
      NAME<<<GRID, BLOCK_>>>(__VA_ARGS__);                                     \
    CUDA_CHECK(cudaEventRecord(stop));                                         \
    CUDA_CHECK(cudaEventSynchronize(stop));                                    \
    CUDA_CHECK(cudaGetLastError());                                            \
    float ms = 0.0f;                                                           \
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));                        \
    print_event(#NAME, GRID, BLOCK_, ms, REPS);                                \
  } while (0)

int main() {
  unsigned char *dBytes;
  unsigned *dBins1, *dBins2;
  float *dTri, *dTriOut, *dSmall, *dSmallOut, *dSfuIn, *dSfuOut, *dSx, *dSy;
  double *dDx, *dDy, *dPx, *dPy;
  __half2 *dHx, *dHy, *dHout;
  int *dNext, *dChaseOut;
  CUDA_CHECK(cudaMalloc(&dBytes, HIST_BYTES));
  CUDA_CHECK(cudaMalloc(&dBins1, sizeof(unsigned) * NUM_BINS));
  CUDA_CHECK(cudaMalloc(&dBins2, sizeof(unsigned) * NUM_BINS));
  CUDA_CHECK(cudaMalloc(&dTri, sizeof(float) * TRI_N * TRI_N));
  CUDA_CHECK(cudaMalloc(&dTriOut, sizeof(float) * TRI_N));
  CUDA_CHECK(cudaMalloc(&dSmall, sizeof(float) * SMALL_N));
  CUDA_CHECK(cudaMalloc(&dSmallOut, sizeof(float) * SMALL_BLOCKS * SMALL_THREADS));
  CUDA_CHECK(cudaMalloc(&dSfuIn, sizeof(float) * SFU_N));
  CUDA_CHECK(cudaMalloc(&dSfuOut, sizeof(float) * SFU_N));
  CUDA_CHECK(cudaMalloc(&dDx, sizeof(double) * D_N));
  CUDA_CHECK(cudaMalloc(&dDy, sizeof(double) * D_N));
  CUDA_CHECK(cudaMalloc(&dPx, sizeof(double) * D_N));
  CUDA_CHECK(cudaMalloc(&dPy, sizeof(double) * D_N));
  CUDA_CHECK(cudaMalloc(&dHx, sizeof(__half2) * H2_N));
  CUDA_CHECK(cudaMalloc(&dHy, sizeof(__half2) * H2_N));
  CUDA_CHECK(cudaMalloc(&dHout, sizeof(__half2) * H2_N));
  CUDA_CHECK(cudaMalloc(&dSx, sizeof(float) * S_N));
  CUDA_CHECK(cudaMalloc(&dSy, sizeof(float) * S_N));
  CUDA_CHECK(cudaMalloc(&dNext, sizeof(int) * CHASE_N));
  CUDA_CHECK(cudaMalloc(&dChaseOut, sizeof(int) * CHASE_BLOCKS * BLOCK));

  init_bytes<<<CEIL_DIV(HIST_BYTES, BLOCK), BLOCK>>>(dBytes, HIST_BYTES);
  init_float<<<CEIL_DIV(TRI_N * TRI_N, BLOCK), BLOCK>>>(dTri, TRI_N * TRI_N, 7, 0.5f);
  init_float<<<CEIL_DIV(SMALL_N, BLOCK), BLOCK>>>(dSmall, SMALL_N, 7, 0.5f);
  init_float<<<CEIL_DIV(SFU_N, BLOCK), BLOCK>>>(dSfuIn, SFU_N, 7, 0.5f);
  init_double<<<CEIL_DIV(D_N, BLOCK), BLOCK>>>(dDx, D_N, 5, 1.0);
  init_double<<<CEIL_DIV(D_N, BLOCK), BLOCK>>>(dDy, D_N, 3, 1.0);
  init_double<<<CEIL_DIV(D_N, BLOCK), BLOCK>>>(dPx, D_N, 1000, 1e-3);
  init_half2<<<CEIL_DIV(H2_N, BLOCK), BLOCK>>>(dHx, H2_N, 8);
  init_half2<<<CEIL_DIV(H2_N, BLOCK), BLOCK>>>(dHy, H2_N, 5);
  init_float<<<CEIL_DIV(S_N, BLOCK), BLOCK>>>(dSx, S_N, 5, 1.0f);
  init_float<<<CEIL_DIV(S_N, BLOCK), BLOCK>>>(dSy, S_N, 3, 1.0f);
  init_chase<<<CEIL_DIV(CHASE_N, BLOCK), BLOCK>>>(dNext, CHASE_N);
  CUDA_CHECK(cudaGetLastError());
  double coef[POLY_DEGREE + 1]; // Taylor series of exp
  coef[0] = 1.0;
  for (int k = 1; k <= POLY_DEGREE; ++k)
    coef[k] = coef[k - 1] / k;
  CUDA_CHECK(cudaMemcpyToSymbol(c_coef, coef, sizeof(coef)));
  CUDA_CHECK(cudaMemset(dBins1, 0, sizeof(unsigned) * NUM_BINS));
  CUDA_CHECK(cudaMemset(dBins2, 0, sizeof(unsigned) * NUM_BINS));
  CUDA_CHECK(cudaDeviceSynchronize());

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const dim3 block(BLOCK);

  // histograms: both bin sets count every byte LAUNCHES times
  TIME_KERNEL(hist1_global_atomic, dim3(HIST_GRID), block, dBytes, dBins1, HIST_BYTES);
  TIME_KERNEL(hist2_shared_privatized, dim3(HIST_GRID), block, dBytes, dBins2, HIST_BYTES);
  {
    std::vector<unsigned> h1(NUM_BINS), h2(NUM_BINS);
    CUDA_CHECK(cudaMemcpy(h1.data(), dBins1, sizeof(unsigned) * NUM_BINS, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h2.data(), dBins2, sizeof(unsigned) * NUM_BINS, cudaMemcpyDeviceToHost));
    unsigned long long total = 0;
    bool same = true;
    for (int b = 0; b < NUM_BINS; ++b) {
      total += h1[b];
      same = same && h1[b] == h2[b];
    }
    const bool ok = total == (unsigned long long)HIST_BYTES * LAUNCHES;
    report("hist1_global_atomic", ok);
    report("hist2_shared_privatized", ok && same);
  }

  TIME_KERNEL(tri_rowsum, dim3(CEIL_DIV(TRI_N, BLOCK)), block, dTri, dTriOut, TRI_N);
  {
    bool ok = true;
    for (int r : {0, 1, 255, 4096, TRI_N - 1}) {
      double want = 0.0;
      for (int j = 0; j <= r; ++j)
        want += small_value(r * TRI_N + j);
      ok = ok && near_value(fetch(dTriOut, r), want, 0.0, 0.0);
    }
    report("tri_rowsum", ok);
  }

  TIME_KERNEL(small_grid_work, dim3(SMALL_BLOCKS), dim3(SMALL_THREADS), dSmall, dSmallOut, SMALL_N);
  {
    bool ok = true;
    for (int t : {0, 77, SMALL_BLOCKS * SMALL_THREADS - 1}) {
      double want = 0.0;
      for (int i = t; i < SMALL_N; i += SMALL_BLOCKS * SMALL_THREADS)
        want += double(small_value(i)) * small_value(i);
      ok = ok && near_value(fetch(dSmallOut, t), want, 0.0, 0.0);
    }
    report("small_grid_work", ok);
  }

  TIME_KERNEL(sfu_heavy, dim3(CEIL_DIV(SFU_N, BLOCK)), block, dSfuIn, dSfuOut, SFU_N);
  {
    bool ok = true;
    for (int i : {0, 1, 2, 3, 4, 5, 6, SFU_N - 1}) {
      double v = small_value(i);
      for (int r = 0; r < SFU_ROUNDS; ++r)
        v = 0.5 * sin(v) + 0.25 * exp(-v * v) + 0.125 * exp(-fabs(v));
      ok = ok && near_value(fetch(dSfuOut, i), v, 0.0, 1e-4);
    }
    report("sfu_heavy", ok);
  }

  TIME_KERNEL(daxpy, dim3(CEIL_DIV(D_N, BLOCK)), block, D_N, 0.5, dDx, dDy);
  {
    bool ok = true;
    for (int i : {0, 1, 2, 3, 4, 12345, D_N - 1})
      ok = ok && near_value(fetch(dDy, i), (i % 3) + LAUNCHES * 0.5 * (i % 5), 0.0, 0.0);
    report("daxpy", ok);
  }

  TIME_KERNEL(dpoly, dim3(CEIL_DIV(D_N, BLOCK)), block, dPx, dPy, D_N);
  {
    bool ok = true;
    for (int i : {0, 1, 999, 1000, 54321, D_N - 1}) {
      double v = (i % 1000) * 1e-3;
      for (int pass = 0; pass < POLY_PASSES; ++pass) {
        double p = coef[POLY_DEGREE];
        for (int k = POLY_DEGREE - 1; k >= 0; --k)
          p = fma(p, v, coef[k]);
        v = 0.25 * p;
      }
      ok = ok && near_value(fetch(dPy, i), v, 1e-12, 0.0);
    }
    report("dpoly", ok);
  }

  TIME_KERNEL(half2_axpy, dim3(CEIL_DIV(H2_N, BLOCK)), block, H2_N, __float2half2_rn(0.5f), dHx, dHy);
  {
    bool ok = true;
    for (int i : {0, 1, 2, 3, 777, H2_N - 1}) {
      const __half2 h = fetch(dHy, i);
      const float lo = __low2float(h), hi = __high2float(h);
      ok = ok && near_value(lo, (2 * i) % 5 + LAUNCHES * 0.5 * ((2 * i) % 8), 0.0, 0.0);
      ok = ok && near_value(hi, (2 * i + 1) % 5 + LAUNCHES * 0.5 * ((2 * i + 1) % 8), 0.0, 0.0);
    }
    report("half2_axpy", ok);
  }

  TIME_KERNEL(half2_poly, dim3(CEIL_DIV(H2_N, BLOCK)), block, dHx, dHout, H2_N);
  {
    bool ok = true; // v -> 0.5 v + 0.25 converges to 0.5
    for (int i : {0, 3, 4095, H2_N - 1}) {
      const __half2 h = fetch(dHout, i);
      ok = ok && near_value(__low2float(h), 0.5, 0.0, 1e-2) &&
           near_value(__high2float(h), 0.5, 0.0, 1e-2);
    }
    report("half2_poly", ok);
  }

  TIME_KERNEL(saxpy, dim3(CEIL_DIV(S_N, BLOCK)), block, S_N, 0.5f, dSx, dSy);
  {
    bool ok = true;
    for (int i : {0, 1, 2, 3, 4, 99999, S_N - 1})
      ok = ok && near_value(fetch(dSy, i), (i % 3) + LAUNCHES * 0.5 * (i % 5), 0.0, 0.0);
    report("saxpy", ok);
  }

  TIME_KERNEL(pointer_chase, dim3(CHASE_BLOCKS), block, dNext, dChaseOut, CHASE_STEPS);
  {
    bool ok = true;
    for (int t : {0, 1, 100, CHASE_BLOCKS * BLOCK - 1}) {
      unsigned p = unsigned(t);
      for (int s = 0; s < CHASE_STEPS; ++s)
        p = chase_next(p);
      ok = ok && fetch(dChaseOut, t) == int(p);
    }
    report("pointer_chase", ok);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  void *bufs[] = {dBytes, dBins1, dBins2, dTri, dTriOut, dSmall, dSmallOut,
                  dSfuIn, dSfuOut, dDx, dDy, dPx, dPy, dHx, dHy, dHout,
                  dSx, dSy, dNext, dChaseOut};
  for (void *p : bufs)
    CUDA_CHECK(cudaFree(p));
  return 0;
}
