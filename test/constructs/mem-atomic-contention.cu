// Atomics to few addresses serialize: a 256-bin shared histogram over 2^22
// elements in 16 blocks updates each of a block's bins at least 1024 times
// on average (the bin depends on data, so 256 is the most addresses there
// can be). The global merge, one update per bin and block, is not flagged.
// A histogram straight into global memory: the bin is an unsigned char, so
// at most 256 addresses take all 2^22 updates.
// RUN: %rl-analyze-stub %s --launch 'hist:grid=16,block=256' \
// RUN:   --launch 'hist_global:grid=16,block=256' \
// RUN:   --bind n=4194304 --format=diagnostics | FileCheck %s
#include "cuda.h"

__global__ void hist(const unsigned char *data, unsigned int *bins, int n) {
  __shared__ unsigned int local[256];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

__global__ void hist_global(const unsigned char *data, unsigned int *bins,
                            int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
}

// CHECK: mem-atomic-contention.cu:18:5: warning: atomic on 'local': 4194304 updates to at most 4096 distinct addresses (1024 per address) serialize
// CHECK-SAME: the predicted time ignores this [rl-atomic-contention]
// CHECK-NOT: atomic on 'bins': 4096
// CHECK: mem-atomic-contention.cu:27:5: warning: atomic on 'bins': 4194304 updates to at most 256 distinct addresses (16384 per address) serialize
// CHECK-SAME: [rl-atomic-contention]
