// curand_carveout.cu - does the L1's size set how fast XORWOW's
// curand_init skips ahead? The skip-ahead reads a 100 KB table of
// precomputed matrices (3.2 KB a product); the random-init suite
// (bench/accuracy/random-init) measured L2 traffic that a table held in L1
// would not make. This times one initRNG launch (782 blocks of 128, each
// thread its own subsequence) under three shared-memory carveouts: the
// driver's default, 0% (the most L1) and 100% (the least), and prints
// "carveout,<name>,<ms>" per setting (the mean of 5 launches after a
// warm-up). Under ncu (scripts/device/curand_carveout.sh) the same
// launches give lts__t_bytes and the L1 hit rate for each.
#include <curand_kernel.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e_));              \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void init_default(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, tid, 0, &s[tid]);
}
__global__ void init_max_l1(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, tid, 0, &s[tid]);
}
__global__ void init_min_l1(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, tid, 0, &s[tid]);
}

template <typename K> float timed(K kernel, curandState *s, int reps) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  kernel<<<782, 128>>>(s);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaEventRecord(a));
  for (int r = 0; r < reps; ++r)
    kernel<<<782, 128>>>(s);
  CHECK(cudaEventRecord(b));
  CHECK(cudaEventSynchronize(b));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, a, b));
  return ms / reps;
}

int main() {
  const char *env = getenv("RLA_REPS");
  const int reps = env && atoi(env) > 0 ? atoi(env) : 5;
  curandState *s;
  CHECK(cudaMalloc(&s, sizeof(curandState) * 782 * 128));
  CHECK(cudaFuncSetAttribute(init_max_l1,
                             cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  CHECK(cudaFuncSetAttribute(
      init_min_l1, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  printf("carveout,default,%.6f\n", timed(init_default, s, reps));
  printf("carveout,max_l1,%.6f\n", timed(init_max_l1, s, reps));
  printf("carveout,min_l1,%.6f\n", timed(init_min_l1, s, reps));
  CHECK(cudaFree(s));
  return 0;
}
