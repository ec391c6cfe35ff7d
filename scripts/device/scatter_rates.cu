// scatter_rates.cu - what scattered accesses cost on the GPU it runs on,
// beyond their bytes: global loads and stores whose lanes fall on different
// sectors and lines, stores that leave sectors partly written, atomics whose
// lanes hit distinct addresses of a few hot slots, and shared-memory bank
// conflicts.
//
// Prints `# ` comment lines describing the device, then CSV lines
//   kernel,param,grid,block,requests,event_us
// requests: warp-level memory instructions of the measured kind the launch
// executes (computed from its shape); event_us: best of 7 single launches
// between two events after a warm-up. Under ncu (scatter_rates.sh) every
// configuration is launched once more after the CSV, in the same order, so
// that ncu's rows line up with the CSV rows: RL_SCATTER_PROFILE=1 runs those
// launches only.
//
// Kernels (4-byte elements unless named; N = 2^26 elements, 256 MiB):
//   load_stride S    warp w owns elements [w*32*S, (w+1)*32*S); lane l reads
//                    element w*32*S + l*S + j for j = 0..S-1: every element
//                    read once, lanes S*4 bytes apart (1 line per request at
//                    S = 1, 32 lines at S >= 32); the re-reads of a line hit
//                    L1 (the naive transpose's column read).
//   store_stride S   the same addresses written (the naive transpose's
//                    column write): sectors end up whole, a lane at a time.
//   store4_stride S  float4 per lane, lanes S*16 bytes apart, j = 0..S-1.
//   store_cols W     a warp writes W columns of a tile of 32/W rows 32 KiB
//                    apart per store (the transpose's column write from a
//                    block W threads wide in y): 32/W lines per request, W
//                    lanes side by side in each.
//   store_sparse S   thread t writes element t*S only: at S >= 8 each 32-byte
//                    sector keeps one written word (a partial sector).
//   load_sparse S    thread t reads element t*S only.
//   atomic_f K       2^24 threads, thread t: atomicAdd(&slot[t % K], 1.0f)
//                    (result unused: a RED); the lanes of a warp hit 32
//                    distinct slots, each slot takes 2^24/K updates.
//   atomic_i K       the same with unsigned ints.
//   smem_ld W        LDS of 4-byte words W-way bank conflicted (lane l reads
//                    word (l*W + i) % 1024), 4096 iterations per thread,
//                    one full wave of 256-thread blocks.
//   smem_st W        the same with STS.
//
//   nvcc -O3 -arch=sm_90 scatter_rates.cu
#include <cuda_runtime.h>

#include <algorithm>
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

static const long long kN = 1LL << 26;       // elements of the big array
static const long long kAtomicN = 1LL << 24; // atomic updates per launch
static const int kBlock = 256;
static const int kSmemIters = 4096;

/// Keeps `acc` live without a store that the measurement would see.
__device__ __forceinline__ void keep(float acc, float *sink) {
  if (acc == -1.2345f)
    *sink = acc;
}

__global__ void sr_load_stride(const float *in, float *sink, int S) {
  long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  long long base = (t / 32) * 32LL * S + (t % 32) * (long long)S;
  float acc = 0;
  for (int j = 0; j < S; ++j)
    acc += in[base + j];
  keep(acc, sink);
}

__global__ void sr_store_stride(float *out, int S) {
  long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  long long base = (t / 32) * 32LL * S + (t % 32) * (long long)S;
  for (int j = 0; j < S; ++j)
    out[base + j] = float(j);
}

__global__ void sr_store4_stride(float4 *out, int S) {
  long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  long long base = (t / 32) * 32LL * S + (t % 32) * (long long)S;
  for (int j = 0; j < S; ++j)
    out[base + j] = make_float4(j, j, j, j);
}

/// A warp writes a tile of 32/W rows (8192 floats apart) x 32 columns, W
/// columns per store: lane l writes row l % (32/W), column j*W + l/(32/W).
/// A request touches 32/W lines with W lanes in each, side by side.
__global__ void sr_store_cols(float *out, int W) {
  long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  const int R = 32 / W, lane = threadIdx.x % 32;
  long long w = t / 32;
  long long row0 = (w / 256) * R, col0 = (w % 256) * 32;
  for (int j = 0; j < R; ++j)
    out[(row0 + lane % R) * 8192 + col0 + j * W + lane / R] = float(j);
}

__global__ void sr_store_sparse(float *out, int S) {
  long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  out[t * S] = 1.0f;
}

__global__ void sr_load_sparse(const float *in, float *sink, int S) {
  long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  keep(in[t * S], sink);
}

__global__ void sr_atomic_f(float *slot, int K) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&slot[t % K], 1.0f);
}

__global__ void sr_atomic_i(unsigned *slot, int K) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&slot[t % K], 1u);
}

__global__ void sr_smem_ld(float *sink, int W) {
  __shared__ float tile[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    tile[i] = float(i);
  __syncthreads();
  const int lane = threadIdx.x % 32;
  float acc = 0;
#pragma unroll 8
  for (int i = 0; i < kSmemIters; ++i)
    acc += tile[(lane * W + i) & 1023];
  keep(acc, sink);
}

__global__ void sr_smem_st(float *sink, int W) {
  __shared__ float tile[1024];
  const int lane = threadIdx.x % 32;
#pragma unroll 8
  for (int i = 0; i < kSmemIters; ++i)
    tile[(lane * W + i) & 1023] = float(i);
  __syncthreads();
  keep(tile[threadIdx.x], sink);
}

struct Config {
  std::string Kernel;
  int Param;
  long long Grid;
  double Requests; ///< warp-level instructions of the measured kind
};

static float *g_big = nullptr, *g_sink = nullptr, *g_slots = nullptr;
static unsigned *g_islots = nullptr;
static int g_waveBlocks = 0;

static void launch(const Config &C) {
  const std::string &K = C.Kernel;
  const int P = C.Param;
  if (K == "load_stride")
    sr_load_stride<<<C.Grid, kBlock>>>(g_big, g_sink, P);
  else if (K == "store_stride")
    sr_store_stride<<<C.Grid, kBlock>>>(g_big, P);
  else if (K == "store4_stride")
    sr_store4_stride<<<C.Grid, kBlock>>>((float4 *)g_big, P);
  else if (K == "store_cols")
    sr_store_cols<<<C.Grid, kBlock>>>(g_big, P);
  else if (K == "store_sparse")
    sr_store_sparse<<<C.Grid, kBlock>>>(g_big, P);
  else if (K == "load_sparse")
    sr_load_sparse<<<C.Grid, kBlock>>>(g_big, g_sink, P);
  else if (K == "atomic_f")
    sr_atomic_f<<<C.Grid, kBlock>>>(g_slots, P);
  else if (K == "atomic_i")
    sr_atomic_i<<<C.Grid, kBlock>>>(g_islots, P);
  else if (K == "smem_ld")
    sr_smem_ld<<<C.Grid, kBlock>>>(g_sink, P);
  else if (K == "smem_st")
    sr_smem_st<<<C.Grid, kBlock>>>(g_sink, P);
}

template <typename F> static double bestSeconds(F f) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  f();
  CHECK(cudaDeviceSynchronize());
  double best = 1e30;
  for (int r = 0; r < 7; ++r) {
    CHECK(cudaEventRecord(a));
    f();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    best = std::min(best, double(ms) * 1e-3);
  }
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return best;
}

static std::vector<Config> configs() {
  std::vector<Config> Cs;
  const double Warps = double(kN) / 32;
  for (int S : {1, 2, 4, 8, 16, 32, 64}) {
    long long Grid = kN / S / kBlock;
    Cs.push_back({"load_stride", S, Grid, Warps});
    Cs.push_back({"store_stride", S, Grid, Warps});
  }
  for (int S : {1, 2, 4, 8}) // float4: kN / 4 vectors
    Cs.push_back({"store4_stride", S, kN / 4 / S / kBlock, Warps / 4});
  for (int W : {1, 2, 4, 8, 16, 32}) // kN / (32 / W) threads
    Cs.push_back({"store_cols", W, kN * W / 32 / kBlock, Warps});
  for (int S : {1, 2, 8, 32}) {
    long long Grid = kN / S / kBlock;
    Cs.push_back({"store_sparse", S, Grid, Warps / S});
    Cs.push_back({"load_sparse", S, Grid, Warps / S});
  }
  for (int K : {32, 64, 256, 1024, 4096, 65536, 1 << 22}) {
    Cs.push_back({"atomic_f", K, kAtomicN / kBlock, double(kAtomicN) / 32});
    Cs.push_back({"atomic_i", K, kAtomicN / kBlock, double(kAtomicN) / 32});
  }
  for (int W : {1, 2, 4, 8, 16, 32}) {
    double Requests = double(g_waveBlocks) * kBlock / 32 * kSmemIters;
    Cs.push_back({"smem_ld", W, g_waveBlocks, Requests});
    Cs.push_back({"smem_st", W, g_waveBlocks, Requests});
  }
  return Cs;
}

int main() {
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, 0));
  int perSm = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, sr_smem_ld,
                                                      kBlock, 0));
  g_waveBlocks = perSm * P.multiProcessorCount;
  CHECK(cudaMalloc(&g_big, kN * sizeof(float)));
  CHECK(cudaMalloc(&g_sink, sizeof(float)));
  CHECK(cudaMalloc(&g_slots, (1 << 22) * sizeof(float)));
  CHECK(cudaMemset(g_big, 0, kN * sizeof(float)));
  CHECK(cudaMalloc(&g_islots, (1 << 22) * sizeof(unsigned)));
  CHECK(cudaMemset(g_slots, 0, (1 << 22) * sizeof(float)));
  CHECK(cudaMemset(g_islots, 0, (1 << 22) * sizeof(unsigned)));
  std::vector<Config> Cs = configs();

  if (std::getenv("RL_SCATTER_PROFILE")) {
    for (const Config &C : Cs)
      launch(C);
    CHECK(cudaDeviceSynchronize());
    return 0;
  }
  int clockKhz = 0;
  CHECK(cudaDeviceGetAttribute(&clockKhz, cudaDevAttrClockRate, 0));
  std::printf("# device: %s (cc %d.%d)\n", P.name, P.major, P.minor);
  std::printf("# sm_count: %d\n", P.multiProcessorCount);
  std::printf("# clock_rate_khz (cudaDevAttrClockRate): %d\n", clockKhz);
  std::printf("# smem blocks per SM: %d\n", perSm);
  std::printf("# event_us: best of 7 single launches between two events\n");
  std::printf("kernel,param,grid,block,requests,event_us\n");
  for (const Config &C : Cs) {
    double T = bestSeconds([&] { launch(C); });
    CHECK(cudaGetLastError());
    std::printf("%s,%d,%lld,%d,%.0f,%.3f\n", C.Kernel.c_str(), C.Param, C.Grid,
                kBlock, C.Requests, T * 1e6);
  }
  // Every launch adds 2^24 updates over its K slots: the total shows a
  // wrong kernel.
  std::vector<unsigned> Slots(1 << 22);
  CHECK(cudaMemcpy(Slots.data(), g_islots, Slots.size() * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  double Sum = 0;
  for (unsigned V : Slots)
    Sum += V;
  std::printf("# atomic_i: %.0f updates in all, expected %.0f\n", Sum,
              double(kAtomicN) * 7 * 8);
  CHECK(cudaFree(g_big));
  CHECK(cudaFree(g_sink));
  CHECK(cudaFree(g_slots));
  CHECK(cudaFree(g_islots));
  return 0;
}
