// sync_rates.cu - measures what barriers and single-address atomics cost on
// the GPU it runs on, for the issue model's barrier stretches and the
// atomics model:
//   tree_level    a shared-memory tree step (`if (t < h) s[t] += s[t + h];
//                 __syncthreads();`) per block size B and resident blocks per
//                 SM k: SM cycles per step.
//   bar_only      an empty `__syncthreads()` loop: SM cycles per barrier.
//   atomic_lanes  one atomicAdd request per warp on one float address with
//                 L active lanes (L = 1 .. 32): ns per request.
//   atomic_block  one atomicAdd per block (thread 0) on one float address,
//                 grids of 128- to 1024-thread blocks: ns per request.
//   load_phase    each thread loads one float from DRAM into shared memory,
//                 a barrier, then 64 dependent FMAs on a neighbour's value:
//                 ns per block, per block size.
//
// Prints `# ` comment lines describing the device, then CSV lines
//   name,block,per_sm,value,unit
// Every value is the best (minimum time) of 7 timed runs after a warm-up,
// timed with cudaEvent. Run by sync_rates.sh:
//   nvcc -O3 -arch=sm_90 sync_rates.cu
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

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

template <typename F> double best_seconds(F launch) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  launch(); // warm-up
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double best = 1e30;
  for (int r = 0; r < kReps; ++r) {
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

// ------------------------------------------------------------- barriers
template <int B>
__global__ void tree_level(float *out, int rounds) {
  __shared__ float s[B];
  const int t = threadIdx.x;
  s[t] = float(t);
  __syncthreads();
  for (int r = 0; r < rounds; ++r) {
#pragma unroll
    for (int h = B / 2; h > 0; h >>= 1) {
      if (t < h)
        s[t] += 0.5f * s[t + h];
      __syncthreads();
    }
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

__global__ void bar_only(float *out, int rounds) {
  float v = threadIdx.x;
  for (int r = 0; r < rounds; ++r) {
    v = v * 0.999f + 1.0f;
    __syncthreads();
  }
  if (v == -1.0f)
    out[blockIdx.x] = v;
}

// ------------------------------------------------------------- atomics
__global__ void atomic_lanes(float *x, int lanes) {
  if ((threadIdx.x & 31) < lanes)
    atomicAdd(x, 1.0f);
}

__global__ void atomic_block(float *x) {
  if (threadIdx.x == 0)
    atomicAdd(x, 1.0f);
}

// ------------------------------------------------------------- phases
template <int B>
__global__ void load_phase(const float *in, float *out) {
  __shared__ float s[B];
  const int t = threadIdx.x;
  const int i = blockIdx.x * B + t;
  s[t] = in[i];
  __syncthreads();
  float v = s[(t + 1) % B];
#pragma unroll 1
  for (int k = 0; k < 64; ++k)
    v = v * 0.999f + 0.5f;
  out[i] = v;
}

// ------------------------------------------------------------- driver
static int sms = 0;
static double clock_hz = 0;

static void row(const char *name, int block, double per_sm, double value,
                const char *unit) {
  std::printf("%s,%d,%g,%.6g,%s\n", name, block, per_sm, value, unit);
}

template <int B> void measure_tree(float *out) {
  const int rounds = 64;
  const int levels = __builtin_ctz(B);
  for (int k = 1; k * B <= 2048 && k <= 32; k *= 2) {
    const int grid = sms * k;
    double s = best_seconds([&] { tree_level<B><<<grid, B>>>(out, rounds); });
    row("tree_level", B, k, s * clock_hz / (rounds * levels), "cycles");
  }
}

template <int B> void measure_phase(const float *in, float *out, int n) {
  const int grid = n / B;
  double s = best_seconds([&] { load_phase<B><<<grid, B>>>(in, out); });
  row("load_phase", B, 2048 / B, s / grid * sms * 1e9, "ns_per_block_slot");
  row("load_phase_total", B, 2048 / B, s * 1e6, "us");
}

int main() {
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  sms = p.multiProcessorCount;
  int khz = 0;
  CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
  clock_hz = double(khz) * 1e3;
  std::printf("# device: %s, %d SMs, clock %.0f MHz\n", p.name, sms,
              clock_hz / 1e6);
  std::printf("name,block,per_sm,value,unit\n");

  float *out, *x, *in;
  const int n = 1 << 26;
  CHECK(cudaMalloc(&out, sizeof(float) * n));
  CHECK(cudaMalloc(&in, sizeof(float) * n));
  CHECK(cudaMalloc(&x, sizeof(float)));
  CHECK(cudaMemset(in, 0, sizeof(float) * n));

  measure_tree<64>(out);
  measure_tree<128>(out);
  measure_tree<256>(out);
  measure_tree<512>(out);
  measure_tree<1024>(out);

  for (int b : {128, 256, 1024})
    for (int k = 1; k * b <= 2048; k *= 2) {
      const int rounds = 1024, grid = sms * k;
      double s = best_seconds([&] { bar_only<<<grid, b>>>(out, rounds); });
      row("bar_only", b, k, s * clock_hz / rounds, "cycles");
    }

  const int warps_grid = 65536; // blocks of 256 threads: 8 requests each
  for (int lanes : {1, 2, 4, 8, 16, 32}) {
    double s = best_seconds(
        [&] { atomic_lanes<<<warps_grid, 256>>>(x, lanes); });
    row("atomic_lanes", 256, lanes, s / (warps_grid * 8.0) * 1e9,
        "ns_per_request");
  }
  for (int b : {128, 256, 1024}) {
    const int grid = n / 4 / b;
    double s = best_seconds([&] { atomic_block<<<grid, b>>>(x); });
    row("atomic_block", b, 0, s / grid * 1e9, "ns_per_request");
  }

  measure_phase<128>(in, out, n);
  measure_phase<256>(in, out, n);
  measure_phase<512>(in, out, n);
  measure_phase<1024>(in, out, n);

  float h = 0;
  CHECK(cudaMemcpy(&h, x, sizeof h, cudaMemcpyDeviceToHost));
  std::printf("# atomic total %g\n", h);
  return 0;
}
