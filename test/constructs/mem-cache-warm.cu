// --cache-state=warm: a launch in a loop finds in L2 what the launch before
// left there. 2^20 floats of x and y (8 MiB) fit in the H200's L2, so a warm
// launch reads nothing from DRAM; 2^25 (256 MiB) do not, and warm reads as
// cold (the stream evicts the data before it comes round again). Cold is
// the default, as Nsight Compute flushes the caches.
// RUN: %rl-analyze-stub %s --launch 'saxpy:grid=4096,block=256' --bind n=1048576 \
// RUN:   --gpu=H200 --format=json | FileCheck %s --check-prefix=COLD
// RUN: %rl-analyze-stub %s --launch 'saxpy:grid=4096,block=256' --bind n=1048576 \
// RUN:   --gpu=H200 --format=json --cache-state=warm | FileCheck %s --check-prefix=WARM
// RUN: %rl-analyze-stub %s --launch 'saxpy:grid=131072,block=256' --bind n=33554432 \
// RUN:   --gpu=H200 --format=json --cache-state=warm | FileCheck %s --check-prefix=BIG
// RUN: not %rl-analyze-stub %s --cache-state=lukewarm 2>&1 | FileCheck %s --check-prefix=BAD
#include "cuda.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// COLD: "dram_read_bytes": 8388608,
// WARM: "dram_read_bytes": 0,
// WARM: in L2 from the launch before (warm cache
// BIG: "dram_read_bytes": 268435456,
// BIG: warm cache: the data exceeds the L2
// BAD: cache-state: expected cold or warm, got 'lukewarm'
