// A div_ceil helper written out as a ternary, `(a % b != 0) ? a / b + 1 :
// a / b`, or returned by a constexpr function, is ceil(a / b): a loop it
// bounds is counted and an early exit on it is a guard of parameters, not
// data. A `x < y ? x : y` is min(x, y); another ternary of integers is
// counted exactly through its condition's 0/1 value.
// RUN: %rl-analyze-stub %s --launch 'tiles:grid=1,block=32' --bind K=100 \
// RUN:   --format=json | FileCheck %s --check-prefix=TILES \
// RUN:   --implicit-check-not=range_reasons\"\:\ \[\"
// RUN: %rl-analyze-stub %s --launch 'early:grid=2,block=128' --bind n=1000 \
// RUN:   --format=json | FileCheck %s --check-prefix=EARLY \
// RUN:   --implicit-check-not=range_reasons\"\:\ \[\"
// RUN: %rl-analyze-stub %s --launch 'inline_ceil:grid=1,block=32' \
// RUN:   --bind K=100 --format=json | FileCheck %s --check-prefix=INLINE
// RUN: %rl-analyze-stub %s --launch 'clamp:grid=1,block=32' --bind K=100 \
// RUN:   --bind m=3 --format=json | FileCheck %s --check-prefix=CLAMP
#include "cuda.h"

constexpr int div_ceil(int a, int b) { return (a % b != 0) ? a / b + 1 : a / b; }

__global__ void tiles(const float *A, float *C, int K) {
  float acc = 0.0f;
  for (int t = 0; t < div_ceil(K, 16); ++t)
    acc += A[t * 16 + threadIdx.x % 16];
  C[threadIdx.x] = acc;
}

__global__ void early(const float *A, float *C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= div_ceil(n, 4))
    return;
  C[i] = 2.0f * A[i];
}

__global__ void inline_ceil(const float *A, float *C, int K) {
  float acc = 0.0f;
  int tiles = (K % 16 == 0) ? K / 16 : K / 16 + 1;
  for (int t = 0; t < tiles; ++t)
    acc += A[t * 16 + threadIdx.x % 16];
  C[threadIdx.x] = acc;
}

__global__ void clamp(const float *A, float *C, int K, int m) {
  float acc = 0.0f;
  int last = K < 64 ? K : 64;
  int extra = m > 2 ? 2 : 0;
  for (int t = 0; t < last + extra; ++t)
    acc += A[t];
  C[threadIdx.x] = acc;
}

// ceil(100 / 16) = 7 adds per thread, 32 threads.
// TILES: "name": "tiles",
// TILES: "totals": {
// TILES-NEXT: "flops": 224,
// ceil(1000 / 4) = 250 threads pass, one multiply each.
// EARLY: "name": "early",
// EARLY: "totals": {
// EARLY-NEXT: "flops": 250,
// INLINE: "name": "inline_ceil",
// INLINE: "totals": {
// INLINE-NEXT: "flops": 224,
// min(100, 64) + 2 = 66 adds per thread.
// CLAMP: "name": "clamp",
// CLAMP: "totals": {
// CLAMP-NEXT: "flops": 2112,
