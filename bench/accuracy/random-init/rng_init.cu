// rng_init.cu - thirteenth held-out suite: cuRAND's XORWOW curand_init,
// whose skip-ahead to each thread's subsequence is the setup kernel's work
// (a matrix-vector product per unit of each base-4 digit of it).
//
// thread-index ladder (ti1..ti4): curand_init(seed, tid, 0, &s[tid]),
// tid = blockIdx.x * blockDim.x + threadIdx.x, blocks of 128:
//   ti1_grid_8, ti2_grid_132, ti3_grid_782, ti4_grid_4096
// block-size ladder (bs1..bs3): the same over 131,072 threads:
//   bs1_block_64, bs2_block_256, bs3_block_1024
// singles:
//   lane_subsequence   curand_init(blockIdx.x, threadIdx.x, 0, ...),
//                      1056 blocks of 256 (each block the same 256
//                      subsequences)
//   block_subsequence  curand_init(seed, blockIdx.x, 0, ...), 2048 blocks
//                      of 128 (every lane of a block the same subsequence)
//   init_and_draw      the state in registers: curand_init(seed, tid, 0)
//                      then 64 curand_uniform draws summed, 782 blocks of 128
// Set RLA_REPS to change the number of timed launches (default 5).
#include <curand_kernel.h>

#define REPS 5
#include "../harness.cuh"

constexpr unsigned SEED = 1234;

__global__ void ti1_grid_8(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(SEED, tid, 0, &s[tid]);
}
__global__ void ti2_grid_132(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(SEED, tid, 0, &s[tid]);
}
__global__ void ti3_grid_782(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(SEED, tid, 0, &s[tid]);
}
__global__ void ti4_grid_4096(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(SEED, tid, 0, &s[tid]);
}

__global__ void bs1_block_64(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(SEED, tid, 0, &s[tid]);
}
__global__ void bs2_block_256(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(SEED, tid, 0, &s[tid]);
}
__global__ void bs3_block_1024(curandState *s) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(SEED, tid, 0, &s[tid]);
}

__global__ void lane_subsequence(curandState *s) {
  curand_init(blockIdx.x, threadIdx.x, 0,
              &s[blockIdx.x * blockDim.x + threadIdx.x]);
}

__global__ void block_subsequence(curandState *s) {
  curand_init(SEED, blockIdx.x, 0, &s[blockIdx.x * blockDim.x + threadIdx.x]);
}

__global__ void init_and_draw(float *out) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(SEED, tid, 0, &state);
  float sum = 0.0f;
  for (int i = 0; i < 64; ++i)
    sum += curand_uniform(&state);
  out[tid] = sum;
}

/// One thread's reference: the first number after skipping to `sub`, and
/// the sum of 64 uniform draws from there.
__global__ void reference(unsigned seed, unsigned long long sub, unsigned *first,
                          float *sum) {
  curandState st;
  curand_init(seed, sub, 0, &st);
  curandState copy = st;
  *first = curand(&copy);
  float total = 0.0f;
  for (int i = 0; i < 64; ++i)
    total += curand_uniform(&st);
  *sum = total;
}

static unsigned *ref_first;
static float *ref_sum;

static unsigned first_draw(unsigned seed, unsigned long long sub) {
  reference<<<1, 1>>>(seed, sub, ref_first, ref_sum);
  CUDA_CHECK(cudaGetLastError());
  unsigned h = 0;
  CUDA_CHECK(cudaMemcpy(&h, ref_first, sizeof h, cudaMemcpyDeviceToHost));
  return h;
}

__global__ void draw_one(const curandState *s, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    curandState st = s[i];
    out[i] = curand(&st);
  }
}

int main() {
  const int reps = reps_from_env();
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  const int N = 4096 * 128; // the largest launch's threads
  curandState *s;
  unsigned *draws;
  float *out;
  CUDA_CHECK(cudaMalloc(&s, sizeof(curandState) * N));
  CUDA_CHECK(cudaMalloc(&draws, sizeof(unsigned) * N));
  CUDA_CHECK(cudaMalloc(&out, sizeof(float) * N));
  CUDA_CHECK(cudaMalloc(&ref_first, sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&ref_sum, sizeof(float)));

  // A state is right when its first number is the host's for the same
  // seed and subsequence.
  auto checked = [&](const char *name, int threads, int probe,
                     unsigned long long sub, unsigned seed) {
    draw_one<<<(threads + 255) / 256, 256>>>(s, draws, threads);
    CUDA_CHECK(cudaGetLastError());
    unsigned got = 0;
    CUDA_CHECK(cudaMemcpy(&got, draws + probe, sizeof got,
                          cudaMemcpyDeviceToHost));
    check(name, got == first_draw(seed, sub));
  };

  TIME_KERNEL(ti1_grid_8, 8, 128, s);
  checked("ti1_grid_8", 8 * 128, 1000, 1000, SEED);
  TIME_KERNEL(ti2_grid_132, 132, 128, s);
  checked("ti2_grid_132", 132 * 128, 12345, 12345, SEED);
  TIME_KERNEL(ti3_grid_782, 782, 128, s);
  checked("ti3_grid_782", 782 * 128, 99999, 99999, SEED);
  TIME_KERNEL(ti4_grid_4096, 4096, 128, s);
  checked("ti4_grid_4096", N, 500001, 500001, SEED);

  TIME_KERNEL(bs1_block_64, 2048, 64, s);
  checked("bs1_block_64", 131072, 70001, 70001, SEED);
  TIME_KERNEL(bs2_block_256, 512, 256, s);
  checked("bs2_block_256", 131072, 70001, 70001, SEED);
  TIME_KERNEL(bs3_block_1024, 128, 1024, s);
  checked("bs3_block_1024", 131072, 70001, 70001, SEED);

  TIME_KERNEL(lane_subsequence, 1056, 256, s);
  // Thread 300 is block 1's thread 44: seed 1, subsequence 44.
  checked("lane_subsequence", 1056 * 256, 300, 44, 1);
  TIME_KERNEL(block_subsequence, 2048, 128, s);
  // Thread 1000 is in block 7.
  checked("block_subsequence", 2048 * 128, 1000, 7, SEED);

  TIME_KERNEL(init_and_draw, 782, 128, out);
  {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, out + 777, sizeof h, cudaMemcpyDeviceToHost));
    first_draw(SEED, 777);
    float want = 0;
    CUDA_CHECK(cudaMemcpy(&want, ref_sum, sizeof want, cudaMemcpyDeviceToHost));
    check("init_and_draw", h == want);
  }

  CUDA_CHECK(cudaFree(s));
  CUDA_CHECK(cudaFree(draws));
  CUDA_CHECK(cudaFree(out));
  CUDA_CHECK(cudaFree(ref_first));
  CUDA_CHECK(cudaFree(ref_sum));
  printf("done\n");
  return 0;
}
