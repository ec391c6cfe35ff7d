// time_constants.cu - measures the constants of a GPU kernel time model on the
// GPU it runs on: DRAM stream bandwidth for several read:write mixes, kernel
// launch overhead, global atomic throughput against the number of distinct
// addresses, SFU / libm / FFMA throughput, and dependent-load latency (L1, L2,
// DRAM, and DRAM under load).
//
// Prints `# ` comment lines describing the device, then CSV lines
//   name,value,unit,detail
// (detail never holds a comma). Every value is the best (minimum time) of 7
// repetitions after one warm-up, timed with cudaEvent. Results are kept live
// by writing them to global memory; a checksum of what was written is printed
// in detail. Run by time_constants.sh:  nvcc -O3 -arch=sm_90 time_constants.cu
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,      \
                   cudaGetErrorString(e_));                                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static const int kReps = 7;

// ---------------------------------------------------------------------------
// Timing helper: pre() runs before the start event (untimed, e.g. an L2
// flush), launch() between the events. One warm-up, then kReps timed runs;
// returns the minimum in seconds.
template <typename Pre, typename F> double best_seconds(Pre pre, F launch) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  pre();
  launch(); // warm-up
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double best = 1e30;
  for (int r = 0; r < kReps; ++r) {
    pre();
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    CHECK(cudaGetLastError());
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    best = std::min(best, double(ms) * 1e-3);
  }
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return best;
}
template <typename F> double best_seconds(F launch) {
  return best_seconds([] {}, launch);
}

static void row(const char *name, double value, const char *unit,
                const std::string &detail) {
  std::printf("%s,%.6g,%s,%s\n", name, value, unit, detail.c_str());
  std::fflush(stdout);
}

static std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static std::string fmt(const char *f, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

__device__ __forceinline__ unsigned hash32(unsigned x) {
  x *= 0x9E3779B1u;
  x ^= x >> 16;
  x *= 0x85EBCA6Bu;
  x ^= x >> 13;
  return x;
}

// ---------------------------------------------------------------------------
// Utility kernels
__global__ void k_init(float4 *p, size_t n, float scale) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    float v = float(i & 1023) * scale;
    p[i] = make_float4(v, v + 1.0f, v + 2.0f, v + 3.0f);
  }
}

// Sum of every `step`-th float4 (all four lanes) into *sum.
__global__ void k_sample_sum(const float4 *p, size_t n, size_t step,
                             double *sum) {
  double acc = 0.0;
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t k = size_t(blockIdx.x) * blockDim.x + threadIdx.x; k * step < n;
       k += stride) {
    float4 v = p[k * step];
    acc += double(v.x) + v.y + v.z + v.w;
  }
  atomicAdd(sum, acc);
}

__global__ void k_sum_float(const float *p, size_t n, double *sum) {
  double acc = 0.0;
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    acc += p[i];
  atomicAdd(sum, acc);
}

__global__ void k_sum_int(const int *p, size_t n, unsigned long long *sum) {
  unsigned long long acc = 0;
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    acc += static_cast<unsigned>(p[i]);
  atomicAdd(sum, acc);
}

// Spins for `cycles` SM clocks (clock64), to measure the running SM clock.
__global__ void k_spin(long long cycles, long long *out) {
  long long t0 = clock64(), t = t0;
  while (t - t0 < cycles)
    t = clock64();
  out[0] = t - t0;
}

// ---------------------------------------------------------------------------
// DRAM streams. Grid-stride loops; each thread issues U independent float4
// accesses per iteration (addresses i, i+stride, ..., i+(U-1)*stride).
template <int U>
__global__ void k_read(const float4 *__restrict__ a, size_t n, float *out) {
  size_t tid = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  size_t stride = size_t(gridDim.x) * blockDim.x;
  float acc = 0.0f;
  size_t i = tid;
  for (; i + (U - 1) * stride < n; i += U * stride) {
    float4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      v[u] = a[i + u * stride];
#pragma unroll
    for (int u = 0; u < U; ++u)
      acc += (v[u].x + v[u].y) + (v[u].z + v[u].w);
  }
  for (; i < n; i += stride) {
    float4 v = a[i];
    acc += (v.x + v.y) + (v.z + v.w);
  }
  out[tid] = acc;
}

template <int U>
__global__ void k_write(float4 *__restrict__ d, size_t n, float val) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  float4 c = make_float4(val, val, val, val);
  for (; i + (U - 1) * stride < n; i += U * stride) {
#pragma unroll
    for (int u = 0; u < U; ++u)
      d[i + u * stride] = c;
  }
  for (; i < n; i += stride)
    d[i] = c;
}

template <int U>
__global__ void k_copy(const float4 *__restrict__ a, float4 *__restrict__ d,
                       size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; i + (U - 1) * stride < n; i += U * stride) {
    float4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      v[u] = a[i + u * stride];
#pragma unroll
    for (int u = 0; u < U; ++u)
      d[i + u * stride] = v[u];
  }
  for (; i < n; i += stride)
    d[i] = a[i];
}

__device__ __forceinline__ float4 add4(float4 a, float4 b) {
  return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
__device__ __forceinline__ float4 triad4(float4 a, float4 b, float4 c) {
  return make_float4(fmaf(b.x, c.x, a.x), fmaf(b.y, c.y, a.y),
                     fmaf(b.z, c.z, a.z), fmaf(b.w, c.w, a.w));
}

template <int U>
__global__ void k_2r1w(const float4 *__restrict__ a,
                       const float4 *__restrict__ b, float4 *__restrict__ d,
                       size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; i + (U - 1) * stride < n; i += U * stride) {
    float4 va[U], vb[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      va[u] = a[i + u * stride];
      vb[u] = b[i + u * stride];
    }
#pragma unroll
    for (int u = 0; u < U; ++u)
      d[i + u * stride] = add4(va[u], vb[u]);
  }
  for (; i < n; i += stride)
    d[i] = add4(a[i], b[i]);
}

template <int U>
__global__ void k_triad(const float4 *__restrict__ a,
                        const float4 *__restrict__ b,
                        const float4 *__restrict__ c, float4 *__restrict__ d,
                        size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; i + (U - 1) * stride < n; i += U * stride) {
    float4 va[U], vb[U], vc[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      va[u] = a[i + u * stride];
      vb[u] = b[i + u * stride];
      vc[u] = c[i + u * stride];
    }
#pragma unroll
    for (int u = 0; u < U; ++u)
      d[i + u * stride] = triad4(va[u], vb[u], vc[u]);
  }
  for (; i < n; i += stride)
    d[i] = triad4(a[i], b[i], c[i]);
}

// ---------------------------------------------------------------------------
// Launch overhead
__global__ void k_empty() {}

// ---------------------------------------------------------------------------
// Global atomics: each thread does 4 updates; the address is
// hash(key*4+j) & mask (mask = K-1, K a power of two), key = thread id, or the
// warp id when WARP_UNIFORM (all lanes of a warp hit one address).
template <bool WARP_UNIFORM>
__global__ void k_atomic(int *bins, unsigned mask) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned key = WARP_UNIFORM ? (t >> 5) : t;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    atomicAdd(&bins[hash32(key * 4u + j) & mask], 1);
}

// Shared-memory privatized bins (K = 256 = blockDim.x), flushed once a block.
__global__ void k_atomic_shared(int *bins) {
  __shared__ int s[256];
  s[threadIdx.x] = 0;
  __syncthreads();
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    atomicAdd(&s[hash32(t * 4u + j) & 255u], 1);
  __syncthreads();
  int v = s[threadIdx.x];
  if (v)
    atomicAdd(&bins[threadIdx.x], v);
}

// ---------------------------------------------------------------------------
// SFU / libm / FFMA throughput: 4 independent chains per thread.
enum { OP_SIN_FAST, OP_EXP_FAST, OP_SIN_PRECISE, OP_EXP_PRECISE, OP_FFMA };

template <int OP> __device__ __forceinline__ float step(float x) {
  if (OP == OP_SIN_FAST)
    return __sinf(x) * 1.0001f + 0.5f;
  if (OP == OP_EXP_FAST)
    return __expf(-x) * 1.0001f + 0.5f; // exp(-x): stays bounded
  if (OP == OP_SIN_PRECISE)
    return sinf(x) * 1.0001f + 0.5f;
  if (OP == OP_EXP_PRECISE)
    return expf(-x) * 1.0001f + 0.5f;
  return fmaf(x, 0.9999f, 0.5f); // OP_FFMA: one FFMA
}

template <int OP> __global__ void k_math(int iters, float seed, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  float x0 = seed + float(t & 4095) * 1e-5f, x1 = x0 + 0.11f, x2 = x0 + 0.23f,
        x3 = x0 + 0.37f;
#pragma unroll 16
  for (int i = 0; i < iters; ++i) {
    x0 = step<OP>(x0);
    x1 = step<OP>(x1);
    x2 = step<OP>(x2);
    x3 = step<OP>(x3);
  }
  out[t] = (x0 + x1) + (x2 + x3);
}

// ---------------------------------------------------------------------------
// Dependent-load latency. L1 uses .ca loads, L2 / DRAM .cg (bypass L1).
template <bool CG>
__global__ void k_chase(const int *p, int start, int steps, int *out) {
  int idx = start;
#pragma unroll 4
  for (int s = 0; s < steps; ++s)
    idx = CG ? __ldcg(p + idx) : __ldca(p + idx);
  out[0] = idx;
}

__global__ void k_chase_many(const int *p, unsigned n, int steps, int *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  int idx = int(hash32(t + 12345u) % n);
#pragma unroll 4
  for (int s = 0; s < steps; ++s)
    idx = __ldcg(p + idx);
  out[t] = idx;
}

// Full-period LCG as a single-cycle permutation of 2^logn elements:
// p[i] = (a*i + c) mod 2^logn, a = 1 mod 4, c odd (Hull-Dobell).
__global__ void k_lcg_perm(int *p, size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    p[i] = int((1664525ull * i + 1013904223ull) & (n - 1));
}

// ---------------------------------------------------------------------------
static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint64_t xorshift() {
  uint64_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return rng_state = x;
}
// Sattolo's algorithm: a uniformly random single cycle of n elements.
static std::vector<int> random_cycle(size_t n) {
  std::vector<int> p(n);
  for (size_t i = 0; i < n; ++i)
    p[i] = int(i);
  for (size_t i = n - 1; i > 0; --i) {
    size_t j = xorshift() % i; // j in [0, i)
    std::swap(p[i], p[j]);
  }
  return p;
}

static double dsum_dev(double *d_sum) {
  double h = 0;
  CHECK(cudaMemcpy(&h, d_sum, sizeof h, cudaMemcpyDeviceToHost));
  return h;
}

int main() {
  int dev = 0;
  CHECK(cudaSetDevice(dev));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, dev));
  int sms = 0, clk_khz = 0, memclk_khz = 0, buswidth = 0, l2 = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CHECK(cudaDeviceGetAttribute(&clk_khz, cudaDevAttrClockRate, dev));
  CHECK(cudaDeviceGetAttribute(&memclk_khz, cudaDevAttrMemoryClockRate, dev));
  CHECK(cudaDeviceGetAttribute(&buswidth, cudaDevAttrGlobalMemoryBusWidth, dev));
  CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
  const double clk_hz = double(clk_khz) * 1e3;

  std::printf("# device: %s (cc %d.%d)\n", prop.name, prop.major, prop.minor);
  std::printf("# sm_count: %d\n", sms);
  std::printf("# clock_rate_khz (cudaDevAttrClockRate): %d\n", clk_khz);
  std::printf("# memory_clock_khz (cudaDevAttrMemoryClockRate): %d\n",
              memclk_khz);
  std::printf("# memory_bus_width_bits: %d\n", buswidth);
  std::printf("# l2_bytes: %d\n", l2);
  std::printf("# global_mem_bytes: %zu\n", prop.totalGlobalMem);
  std::printf("# best of %d repetitions after 1 warm-up; cudaEvent timing\n",
              kReps);

  // ---- buffers: four 2 GiB float4 buffers ---------------------------------
  const size_t buf_bytes = size_t(2) << 30;
  const size_t n4 = buf_bytes / sizeof(float4);
  float4 *A, *B, *C, *D;
  CHECK(cudaMalloc(&A, buf_bytes));
  CHECK(cudaMalloc(&B, buf_bytes));
  CHECK(cudaMalloc(&C, buf_bytes));
  CHECK(cudaMalloc(&D, buf_bytes));
  k_init<<<sms * 8, 256>>>(A, n4, 1e-3f);
  k_init<<<sms * 8, 256>>>(B, n4, 2e-3f);
  k_init<<<sms * 8, 256>>>(C, n4, 1e-4f);
  k_init<<<sms * 8, 256>>>(D, n4, 0.0f);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  double *d_sum;
  unsigned long long *d_isum;
  long long *d_ll;
  CHECK(cudaMalloc(&d_sum, sizeof(double)));
  CHECK(cudaMalloc(&d_isum, sizeof(unsigned long long)));
  CHECK(cudaMalloc(&d_ll, sizeof(long long)));

  // ---- measured SM clock (also ramps the clocks up) ------------------------
  {
    const long long cycles = 200000000LL; // ~0.1 s at 2 GHz
    double t = best_seconds([&] { k_spin<<<1, 1>>>(cycles, d_ll); });
    long long got = 0;
    CHECK(cudaMemcpy(&got, d_ll, sizeof got, cudaMemcpyDeviceToHost));
    double mhz = double(got) / t / 1e6;
    std::printf("# sm_clock_measured_mhz (clock64 over cudaEvent, one SM "
                "spinning): %.1f\n",
                mhz);
    std::printf("name,value,unit,detail\n");
    row("sm_clock_measured_mhz", mhz, "MHz",
        fmt("clock64 cycles=%lld over %.6f s; attr clock %.1f MHz", got, t,
            clk_khz / 1e3));
  }

  // ---- DRAM streams ---------------------------------------------------------
  const int sgrid = 4 * sms * (2048 / 256), sblock = 256;
  const size_t sthreads = size_t(sgrid) * sblock;
  float *rd_out;
  CHECK(cudaMalloc(&rd_out, sthreads * sizeof(float)));
  auto sample_checksum = [&](const float4 *p) {
    CHECK(cudaMemset(d_sum, 0, sizeof(double)));
    k_sample_sum<<<256, 256>>>(p, n4, 4099, d_sum);
    CHECK(cudaGetLastError());
    return dsum_dev(d_sum);
  };
  auto read_checksum = [&]() {
    CHECK(cudaMemset(d_sum, 0, sizeof(double)));
    k_sum_float<<<256, 256>>>(rd_out, sthreads, d_sum);
    CHECK(cudaGetLastError());
    return dsum_dev(d_sum);
  };
  struct Stream {
    const char *name;
    int reads, writes;
  };
  const Stream streams[] = {{"dram_read", 1, 0},
                            {"dram_write", 0, 1},
                            {"dram_copy", 1, 1},
                            {"dram_2r1w", 2, 1},
                            {"dram_triad_3r1w", 3, 1}};
  const int unrolls[] = {1, 2, 4, 8};
  for (int s = 0; s < 5; ++s) {
    double t_u[4];
    for (int ui = 0; ui < 4; ++ui) {
      int U = unrolls[ui];
      auto launch = [&] {
#define SWEEP(KER, ...)                                                        \
  switch (U) {                                                                 \
  case 1: KER<1><<<sgrid, sblock>>>(__VA_ARGS__); break;                       \
  case 2: KER<2><<<sgrid, sblock>>>(__VA_ARGS__); break;                       \
  case 4: KER<4><<<sgrid, sblock>>>(__VA_ARGS__); break;                       \
  default: KER<8><<<sgrid, sblock>>>(__VA_ARGS__); break;                      \
  }
        switch (s) {
        case 0: SWEEP(k_read, A, n4, rd_out); break;
        case 1: SWEEP(k_write, D, n4, 1.5f); break;
        case 2: SWEEP(k_copy, A, D, n4); break;
        case 3: SWEEP(k_2r1w, A, B, D, n4); break;
        default: SWEEP(k_triad, A, B, C, D, n4); break;
        }
#undef SWEEP
      };
      t_u[ui] = best_seconds(launch);
    }
    int bi = int(std::min_element(t_u, t_u + 4) - t_u);
    double bytes = double(streams[s].reads + streams[s].writes) * buf_bytes;
    double cks = (s == 0) ? read_checksum() : sample_checksum(D);
    std::string d = fmt("r:w=%d:%d bytes=%.0f best_unroll=%d", streams[s].reads,
                        streams[s].writes, bytes, unrolls[bi]);
    for (int ui = 0; ui < 4; ++ui)
      d += fmt(" u%d=%.4f", unrolls[ui], bytes / t_u[ui] / 1e12);
    d += fmt(" TB/s grid=%dx%d t=%.6f s checksum=%.6e", sgrid, sblock, t_u[bi],
             cks);
    row(streams[s].name, bytes / t_u[bi] / 1e12, "TB/s", d);
  }
  CHECK(cudaFree(rd_out));

  // L2 flush helper: write 256 MiB of buffer C (untimed, before each rep).
  auto flush_l2 = [&] {
    CHECK(cudaMemsetAsync(C, 0, size_t(256) << 20));
  };

  // ---- global atomics --------------------------------------------------------
  {
    const int agrid = 65536, ablock = 256;
    const double updates = double(agrid) * ablock * 4; // 2^26
    int *bins;
    const size_t maxK = size_t(1) << 22;
    CHECK(cudaMalloc(&bins, maxK * sizeof(int)));
    auto verify = [&](size_t K) {
      // checksum: total of all bins over warm-up + reps must equal
      // (kReps + 1) * updates since bins are zeroed only once per K.
      CHECK(cudaMemset(d_isum, 0, sizeof(unsigned long long)));
      k_sum_int<<<256, 256>>>(bins, K, d_isum);
      CHECK(cudaGetLastError());
      unsigned long long h = 0;
      CHECK(cudaMemcpy(&h, d_isum, sizeof h, cudaMemcpyDeviceToHost));
      unsigned long long expect = (unsigned long long)(updates) * (kReps + 1);
      return fmt("checksum=%llu(%s)", h, h == expect ? "ok" : "BAD");
    };
    const size_t Ks[] = {1, 32, 256, 4096, 65536, size_t(1) << 22};
    for (size_t K : Ks) {
      CHECK(cudaMemset(bins, 0, K * sizeof(int)));
      unsigned mask = unsigned(K - 1);
      double t = best_seconds([&] { k_atomic<false><<<agrid, ablock>>>(bins, mask); });
      std::string name = fmt("atomic_K%zu_updates_per_s", K);
      row(name.c_str(), updates / t, "updates/s",
          fmt("K=%zu random addresses; s_per_update_per_address=%.4e; t=%.6f "
              "s; updates=%.0f; %s",
              K, t * double(K) / updates, t, updates, verify(K).c_str()));
    }
    {
      const size_t K = 256;
      CHECK(cudaMemset(bins, 0, K * sizeof(int)));
      double t = best_seconds([&] { k_atomic<true><<<agrid, ablock>>>(bins, 255u); });
      row("atomic_K256_warp_uniform", updates / t, "updates/s",
          fmt("K=256 all lanes of a warp on one address; "
              "s_per_update_per_address=%.4e; t=%.6f s; %s",
              t * double(K) / updates, t, verify(K).c_str()));
      CHECK(cudaMemset(bins, 0, K * sizeof(int)));
      t = best_seconds([&] { k_atomic_shared<<<agrid, ablock>>>(bins); });
      row("atomic_shared_K256", updates / t, "updates/s",
          fmt("K=256 shared-memory bins per block then one global atomicAdd "
              "per bin per block; s_per_update_per_address=%.4e; t=%.6f s; %s",
              t * double(K) / updates, t, verify(K).c_str()));
    }
    CHECK(cudaFree(bins));
  }

  // ---- SFU / libm / FFMA throughput -------------------------------------------
  {
    const int mgrid = 65536, mblock = 256;
    const size_t mthreads = size_t(mgrid) * mblock;
    float *mout;
    CHECK(cudaMalloc(&mout, mthreads * sizeof(float)));
    struct M {
      const char *name;
      int op, iters;
      const char *what;
    };
    const M ms[] = {
        {"sfu_sinf_fast_per_sm_clk", OP_SIN_FAST, 256,
         "x=__sinf(x)*1.0001f+0.5f"},
        {"sfu_expf_fast_per_sm_clk", OP_EXP_FAST, 256,
         "x=__expf(-x)*1.0001f+0.5f"},
        {"sinf_precise_per_sm_clk", OP_SIN_PRECISE, 256,
         "x=sinf(x)*1.0001f+0.5f"},
        {"expf_precise_per_sm_clk", OP_EXP_PRECISE, 256,
         "x=expf(-x)*1.0001f+0.5f"},
        {"ffma_per_sm_clk", OP_FFMA, 4096, "x=fmaf(x;0.9999f;0.5f)"},
    };
    for (const M &m : ms) {
      auto launch = [&] {
        switch (m.op) {
        case OP_SIN_FAST: k_math<OP_SIN_FAST><<<mgrid, mblock>>>(m.iters, 0.3f, mout); break;
        case OP_EXP_FAST: k_math<OP_EXP_FAST><<<mgrid, mblock>>>(m.iters, 0.3f, mout); break;
        case OP_SIN_PRECISE: k_math<OP_SIN_PRECISE><<<mgrid, mblock>>>(m.iters, 0.3f, mout); break;
        case OP_EXP_PRECISE: k_math<OP_EXP_PRECISE><<<mgrid, mblock>>>(m.iters, 0.3f, mout); break;
        default: k_math<OP_FFMA><<<mgrid, mblock>>>(m.iters, 0.3f, mout); break;
        }
      };
      double t = best_seconds(launch);
      CHECK(cudaMemset(d_sum, 0, sizeof(double)));
      k_sum_float<<<256, 256>>>(mout, mthreads, d_sum);
      CHECK(cudaGetLastError());
      double cks = dsum_dev(d_sum);
      double ops = double(mthreads) * 4 * m.iters;
      double per_s = ops / t;
      row(m.name, per_s / (sms * clk_hz), "ops/SM/clk",
          fmt("%s; 4 chains x %d iters x %zu threads; ops_per_s=%.4e; t=%.6f "
              "s; at attr clock %.0f MHz x %d SMs; checksum=%.6e",
              m.what, m.iters, mthreads, per_s, t, clk_hz / 1e6, sms, cks));
    }
    CHECK(cudaFree(mout));
  }

  // ---- dependent-load latency --------------------------------------------------
  {
    int *d_out;
    CHECK(cudaMalloc(&d_out, 64 * 256 * sizeof(int)));
    int *perm;
    const size_t n_big = size_t(1) << 24; // 64 MiB
    CHECK(cudaMalloc(&perm, n_big * sizeof(int)));
    struct L {
      const char *name;
      size_t n;
      bool cg, flush;
      const char *what;
    };
    const L ls[] = {
        {"dram_latency_ns", n_big, true, true,
         "1 thread; random cycle of 2^24 ints (64 MiB); ld.cg; L2 flushed "
         "(256 MiB memset) before each rep"},
        {"l2_latency_ns", size_t(1) << 20, true, false,
         "1 thread; random cycle of 2^20 ints (4 MiB); ld.cg; L2-resident after "
         "warm-up"},
        {"l1_latency_ns", 4096, false, false,
         "1 thread; random cycle of 4096 ints (16 KiB); ld.ca; L1-resident"},
    };
    const int steps = 100000;
    for (const L &l : ls) {
      std::vector<int> h = random_cycle(l.n);
      CHECK(cudaMemcpy(perm, h.data(), l.n * sizeof(int),
                       cudaMemcpyHostToDevice));
      double t = l.flush ? best_seconds(flush_l2, [&] {
        k_chase<true><<<1, 1>>>(perm, 0, steps, d_out);
      })
                         : best_seconds([&] {
                             if (l.cg)
                               k_chase<true><<<1, 1>>>(perm, 0, steps, d_out);
                             else
                               k_chase<false><<<1, 1>>>(perm, 0, steps, d_out);
                           });
      int last = 0;
      CHECK(cudaMemcpy(&last, d_out, sizeof last, cudaMemcpyDeviceToHost));
      // host replay of the chain for a check
      int idx = 0;
      for (int s = 0; s < steps; ++s)
        idx = h[idx];
      row(l.name, t / steps * 1e9, "ns",
          fmt("%s; %d steps; t=%.6f s; %.1f cycles at attr clock; "
              "checksum(final index)=%d(%s)",
              l.what, steps, t, t / steps * clk_hz, last,
              last == idx ? "ok" : "BAD"));
    }
    // loaded latency: 64 x 256 threads, own chains in the 64 MiB cycle.
    {
      std::vector<int> h = random_cycle(n_big);
      CHECK(cudaMemcpy(perm, h.data(), n_big * sizeof(int),
                       cudaMemcpyHostToDevice));
      const int lsteps = 2000;
      double t = best_seconds(flush_l2, [&] {
        k_chase_many<<<64, 256>>>(perm, unsigned(n_big), lsteps, d_out);
      });
      CHECK(cudaMemset(d_isum, 0, sizeof(unsigned long long)));
      k_sum_int<<<16, 256>>>(d_out, 64 * 256, d_isum);
      CHECK(cudaGetLastError());
      unsigned long long cks = 0;
      CHECK(cudaMemcpy(&cks, d_isum, sizeof cks, cudaMemcpyDeviceToHost));
      double loads = 64.0 * 256 * lsteps;
      row("dram_latency_64x256_ns", t / lsteps * 1e9, "ns",
          fmt("64 blocks x 256 threads each chasing its own chain (random "
              "start) in a 2^24-int (64 MiB) random cycle; ld.cg; %d steps; "
              "L2 flushed before each rep; t=%.6f s; loads_per_s=%.4e; "
              "sector_bytes_per_s(32B/load)=%.4e; checksum=%llu",
              lsteps, t, loads / t, loads * 32 / t, cks));
    }
    CHECK(cudaFree(perm));
    // extra: 1 GiB single-cycle LCG permutation (many pages; L2 hit rate ~5%)
    {
      const size_t n = size_t(1) << 28;
      int *p = reinterpret_cast<int *>(A); // reuse a 2 GiB buffer
      k_lcg_perm<<<sms * 8, 256>>>(p, n);
      CHECK(cudaGetLastError());
      double t = best_seconds(flush_l2, [&] {
        k_chase<true><<<1, 1>>>(p, 0, steps, d_out);
      });
      int last = 0;
      CHECK(cudaMemcpy(&last, d_out, sizeof last, cudaMemcpyDeviceToHost));
      uint64_t idx = 0;
      for (int s = 0; s < steps; ++s)
        idx = (1664525ull * idx + 1013904223ull) & (n - 1);
      row("dram_latency_1GiB_ns", t / steps * 1e9, "ns",
          fmt("1 thread; full-period LCG cycle over 2^28 ints (1 GiB; more "
              "TLB reach than 64 MiB); ld.cg; L2 flushed; %d steps; t=%.6f s; "
              "checksum(final index)=%d(%s)",
              steps, t, last, uint64_t(last) == idx ? "ok" : "BAD"));
    }
    CHECK(cudaFree(d_out));
  }

  // ---- launch overhead ------------------------------------------------------------
  {
    const int nl = 2000;
    double t = best_seconds([&] {
      for (int i = 0; i < nl; ++i)
        k_empty<<<1, 32>>>();
    });
    row("launch_back_to_back_us", t / nl * 1e6, "us",
        fmt("%d back-to-back launches of an empty <<<1;32>>> kernel on one "
            "stream timed as a whole; t=%.6f s",
            nl, t));
    t = best_seconds([&] { k_empty<<<sms, 256>>>(); });
    row("empty_kernel_us", t * 1e6, "us",
        fmt("one empty kernel <<<%d;256>>> (SM count blocks) between two "
            "events",
            sms));
  }

  CHECK(cudaFree(A));
  CHECK(cudaFree(B));
  CHECK(cudaFree(C));
  CHECK(cudaFree(D));
  CHECK(cudaFree(d_sum));
  CHECK(cudaFree(d_isum));
  CHECK(cudaFree(d_ll));
  CHECK(cudaDeviceSynchronize());
  return 0;
}
