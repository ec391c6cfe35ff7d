// The interleaved reduction: `tid % (2 * s) == 0` with s doubling keeps the
// multiples of 2s, counted exactly for each s (128 + 64 + ... + 1 = 255 adds
// per block of 256 threads), not a 0 .. all-threads range. The branch is a
// divergent modulo branch: while 2s <= 32 every warp runs it, so the lines
// under it run in every warp of the block (warp executions), and the
// finding names the fix.
// RUN: %rl-analyze-stub %s --launch 'reduce:grid=4,block=256' --format=json \
// RUN:   | FileCheck %s --implicit-check-not=range_reasons\"\:\ \[\"
// RUN: %rl-analyze-stub %s --launch 'reduce:grid=4,block=256' \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG
#include "cuda.h"

__global__ void reduce(const float *in, float *out) {
  __shared__ float sh[256];
  unsigned tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sh[tid] += sh[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sh[0];
}

// 4 blocks * 255 adds. Shared loads: 2 per add plus sh[0]; stores: the fill
// plus 1 per add. Barriers: 1 + 8 per thread.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1020,
// CHECK: "global_loads": 1024,
// CHECK: "shared_load_bytes": 8176,
// CHECK-NEXT: "shared_store_bytes": 8176,
// CHECK: "barriers": 9216,

// DIAG: guard-modulo-doubling.cu:19:9: warning: branch `tid % (2 * s) == 0` keeps one thread in every 2*s{{.*}} of threadIdx.x: while that is 32 or less every warp runs it with most lanes idle, {{.*}}[rl-divergent-branch]
