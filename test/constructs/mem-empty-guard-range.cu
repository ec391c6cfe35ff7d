// A second load behind a guard no thread passes for this launch (`i +
// blockSize < n` with n smaller than the block): its access range is
// empty, so the footprint, DRAM and L2 bytes are counts of zero or more,
// never negative (cuda-samples' reduce4 launched on a tiny n).
// RUN: %rl-analyze-stub %s --launch 'reduce4<16U>:grid=1,block=16' --bind n=1 \
// RUN:   --format=json | FileCheck %s --implicit-check-not='": -'
#include "cuda.h"

template <unsigned blockSize>
__global__ void reduce4(const int *g, int *o, unsigned n) {
  unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  int s = (i < n) ? g[i] : 0;
  if (i + blockSize < n)
    s += g[i + blockSize];
  o[blockIdx.x] = s;
}

template __global__ void reduce4<16>(const int *, int *, unsigned);
// CHECK: "footprint_bytes": {{[0-9]}}
// CHECK: "dram_bytes": {{[0-9]}}
