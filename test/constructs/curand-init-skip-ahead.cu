// XORWOW's curand_init skips ahead to its subsequence with a matrix-vector
// product per unit of each base-4 digit, a warp running each digit's loop as
// often as its busiest lane, 800 table loads a product. With the thread's
// index over 4 x 256 threads (32 warps, the last lane of warp w holding
// 32w + 31) the warps run 352 products: 281,600 loads of the table's XOR
// line, which the issue model counts as the compiled loop's instructions.
// With threadIdx.x each block's 8 warps run 76: 304 over the 4 blocks,
// 243,200 loads. An offset other than 0 is not counted, and the warning
// says so.
// REQUIRES: cuda-toolkit, nvdisasm
// RUN: %rl-analyze %s --gpu=H100 --format=json | FileCheck %s
#include <curand_kernel.h>

__global__ void seedGlobal(curandState *states) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, tid, 0, &states[tid]);
}

__global__ void seedInBlock(curandState *states) {
  curand_init(blockIdx.x, threadIdx.x, 0,
              &states[blockIdx.x * blockDim.x + threadIdx.x]);
}

__global__ void seedWithOffset(curandState *states, unsigned long long off) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, tid, off, &states[tid]);
}

void run(curandState *states) {
  seedGlobal<<<4, 256>>>(states);
  seedInBlock<<<4, 256>>>(states);
  seedWithOffset<<<4, 256>>>(states, 7);
}

// CHECK-LABEL: "name": "seedGlobal"
// CHECK-NOT: "rl-uncounted-library-work"
// CHECK: "global_load_instructions": 281600.0,
// CHECK: "curand_init's skip-ahead to subsequence blockDim.x*blockIdx.x + threadIdx.x:
// CHECK-LABEL: "name": "seedInBlock"
// CHECK-NOT: "rl-uncounted-library-work"
// CHECK: "global_load_instructions": 243200.0,
// CHECK: "curand_init's skip-ahead to subsequence threadIdx.x:
// CHECK-LABEL: "name": "seedWithOffset"
// CHECK: "library calls counted as free: curand_init"
// CHECK: "id": "rl-uncounted-library-work",
