// A loop bounded by __ffs of the grid's stride (Sobol's `k < __ffs(stride) -
// 1`: the powers of two below it), one bounded by __popc of a parameter and
// a binary search from the next power of two (`1 << (32 - __clz(n - 1))`)
// run their exact trip counts once the launch is bound.
// RUN: %rl-analyze-stub %s --launch 'firstBits:grid=1024,block=64' --bind n=1048576 \
// RUN:   --format=json | FileCheck %s --check-prefix=FFS
// RUN: %rl-analyze-stub %s --launch 'setBits:grid=4,block=256' --bind mask=0xF0F \
// RUN:   --format=json | FileCheck %s --check-prefix=POPC
// RUN: %rl-analyze-stub %s --launch 'search:grid=2,block=128' --bind n=1000 \
// RUN:   --format=json | FileCheck %s --check-prefix=CLZ
#include "cuda.h"

__global__ void firstBits(const float *v, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = gridDim.x * blockDim.x;
  float x = 0.0f;
  for (unsigned k = 0; k < __ffs(stride) - 1; k++)
    x += v[k];
  if (i < n)
    out[i] = x;
}

__global__ void setBits(const float *v, float *out, unsigned mask) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = 0.0f;
  for (int k = 0; k < __popc(mask); k++)
    x += v[k];
  out[i] = x;
}

__global__ void search(const float *v, float *out, unsigned n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = 0.0f;
  for (unsigned s = 1U << (32 - __clz(n - 1)); s > 0; s >>= 1)
    x += v[s - 1];
  out[i] = x;
}

// stride 65536 = 2^16: 16 adds for each of 65536 threads.
// FFS: "name": "firstBits"
// FFS: "totals": {
// FFS-NEXT: "flops": 1048576,

// 0xF0F has 8 bits set: 8 adds for each of 1024 threads.
// POPC: "name": "setBits"
// POPC: "totals": {
// POPC-NEXT: "flops": 8192,

// n = 1000: from 1024 down to 1, 11 halvings, for each of 256 threads.
// CLZ: "name": "search"
// CLZ: "totals": {
// CLZ-NEXT: "flops": 2816,
