// launch_floor.cu - what a kernel costs before it does any work, on the GPU it
// runs on: the duration of an empty kernel against its grid and block (the
// block dispatch rate), a one-warp dependent FFMA chain of known length (is
// the floor added to the work, or hidden under it?), and the gap between
// back-to-back launches.
//
// Prints `# ` comment lines describing the device, then CSV lines
//   kernel,grid,block,n,event_us,back_to_back_us
// event_us: one launch between two events, best of 7 after a warm-up;
// back_to_back_us: 200 launches on one stream timed as a whole, per launch.
// Under ncu (launch_floor.sh) each configuration is launched once more after
// the CSV, in the same order, so that ncu's gpu__time_duration rows line up
// with the CSV rows: RL_LAUNCH_FLOOR_PROFILE=1 runs those launches only.
//
//   nvcc -O3 -arch=sm_90 launch_floor.cu
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
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

__global__ void k_empty() {}

/// n dependent FFMAs per thread; thread 0 of each block keeps the result.
__global__ void k_chain(float *out, int n, float a, float b) {
  float x = threadIdx.x;
  for (int i = 0; i < n; ++i)
    x = fmaf(x, a, b);
  if (threadIdx.x == 0)
    out[blockIdx.x] = x;
}

/// One float per thread written: the smallest kernel that touches memory.
__global__ void k_store(float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

struct Config {
  const char *Kernel;
  int Grid, Block, N;
};

static float *g_out = nullptr;

static void launch(const Config &C) {
  if (C.Kernel[0] == 'e')
    k_empty<<<C.Grid, C.Block>>>();
  else if (C.Kernel[0] == 'c')
    k_chain<<<C.Grid, C.Block>>>(g_out, C.N, 0.9999f, 0.5f);
  else
    k_store<<<C.Grid, C.Block>>>(g_out);
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

int main() {
  std::vector<Config> Configs;
  for (int block : {32, 256, 1024})
    for (int grid : {1, 132, 1056, 8448, 65536, 262144})
      Configs.push_back({"empty", grid, block, 0});
  for (int n : {0, 64, 256, 1024, 4096, 16384, 65536})
    Configs.push_back({"chain", 1, 32, n});
  for (int n : {1024, 4096, 16384})
    Configs.push_back({"chain", 132, 32, n});
  for (int grid : {1, 132, 1056, 8448, 65536})
    Configs.push_back({"store", grid, 256, 0});
  CHECK(cudaMalloc(&g_out, size_t(262144) * 1024 * sizeof(float)));

  if (std::getenv("RL_LAUNCH_FLOOR_PROFILE")) {
    for (const Config &C : Configs)
      launch(C);
    CHECK(cudaDeviceSynchronize());
    return 0;
  }
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, 0));
  int clockKhz = 0;
  CHECK(cudaDeviceGetAttribute(&clockKhz, cudaDevAttrClockRate, 0));
  std::printf("# device: %s (cc %d.%d)\n", P.name, P.major, P.minor);
  std::printf("# sm_count: %d\n", P.multiProcessorCount);
  std::printf("# clock_rate_khz (cudaDevAttrClockRate): %d\n", clockKhz);
  std::printf("# event_us: best of 7 single launches between two events\n");
  std::printf("# back_to_back_us: 200 launches timed as a whole, per launch\n");
  std::printf("kernel,grid,block,n,event_us,back_to_back_us\n");
  for (const Config &C : Configs) {
    double one = bestSeconds([&] { launch(C); });
    double many = bestSeconds([&] {
      for (int i = 0; i < 200; ++i)
        launch(C);
    });
    CHECK(cudaGetLastError());
    std::printf("%s,%d,%d,%d,%.3f,%.3f\n", C.Kernel, C.Grid, C.Block, C.N,
                one * 1e6, many / 200 * 1e6);
  }
  CHECK(cudaFree(g_out));
  return 0;
}
