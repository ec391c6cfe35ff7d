// cuda-samples' index macros put their arguments in parentheses
// (`#define UMAD(a, b, c) (UMUL((a), (b)) + (c))`): `(blockIdx.x)` is still
// the block index, so the loop is a grid-stride loop.
// RUN: %rl-analyze-stub %s --launch 'hist:grid=240,block=192' --bind dataCount=1000000 \
// RUN:   --format=json | FileCheck %s --implicit-check-not=rl-unknown-trip-count
#include "cuda.h"

__device__ unsigned int __umul24(unsigned int a, unsigned int b);
#define UMUL(a, b) __umul24((a), (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))

__global__ void hist(const unsigned *data, unsigned *out,
                     unsigned dataCount) {
  for (unsigned pos = UMAD(blockIdx.x, blockDim.x, threadIdx.x);
       pos < dataCount; pos += UMUL(blockDim.x, gridDim.x))
    out[pos] = data[pos] + 1;
}

// CHECK: "totals": {
// CHECK: "global_stores": 1000000,
