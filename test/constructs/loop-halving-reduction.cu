// The shared-memory tree reduction halves s from blockDim.x / 2: for 256
// threads it runs 8 times, and the guarded add executes 128 + 64 + ... + 1 =
// 255 times per block.
// RUN: %rl-analyze-stub %s --launch 'reduce:grid=4,block=256' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'reduce:grid=1,block=1024' --format=json \
// RUN:   | FileCheck %s --check-prefix=K1024
#include "cuda.h"

__global__ void reduce(const float *in, float *out) {
  __shared__ float sh[1024];
  int tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
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
// CHECK-NEXT: "global_load_bytes": 4096,
// CHECK-NEXT: "global_stores": 4,
// CHECK-NEXT: "global_store_bytes": 16,
// CHECK-NEXT: "shared_load_bytes": 8176,
// CHECK-NEXT: "shared_store_bytes": 8176,
// CHECK: "barriers": 9216,

// 1024 threads: 10 halvings, 1023 adds.
// K1024: "totals": {
// K1024-NEXT: "flops": 1023,
// K1024: "barriers": 11264,
