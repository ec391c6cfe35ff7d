// Dynamic shared memory the host code does not give a value (read from the
// environment here) is said to be unknown, with the --bind that settles it;
// --bind smem=BYTES gives the launch that value, and the note goes.
// RUN: %rl-analyze-stub %s --verbose | FileCheck %s --check-prefix=UNKNOWN
// RUN: %rl-analyze-stub %s --bind smem=4096 --verbose | FileCheck %s \
// RUN:   --check-prefix=BOUND --implicit-check-not="dynamic shared memory is not known"
#include "cuda.h"

extern "C" char *getenv(const char *);
extern "C" int atoi(const char *);

__global__ void stage(const float *x, float *y) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  y[blockIdx.x * blockDim.x + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

int main() {
  int bytes = atoi(getenv("TILE_BYTES"));
  stage<<<1024, 256, bytes>>>(nullptr, nullptr);
}
// UNKNOWN: launch: dynamic shared memory is not known: {{.*}}(--bind smem=BYTES gives it)
// BOUND: block 256x1x1  smem 4096
