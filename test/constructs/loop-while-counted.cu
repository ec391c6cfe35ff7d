// While and do-while loops with a counted shape: the compared variable is
// advanced by a fixed step once per iteration, so the trip count is derived
// like a for loop's. The do-while body runs once before the first test.
// RUN: %rl-analyze-stub %s --launch 'strided_sum:grid=1,block=32' \
// RUN:   --launch 'at_least_once:grid=1,block=32' --bind n=1000 --bind s=32 \
// RUN:   --format=json | FileCheck %s --implicit-check-not=rl-unknown-trip-count
// RUN: %rl-analyze-stub %s --launch 'at_least_once:grid=1,block=32' \
// RUN:   --bind n=0 --format=json | FileCheck %s --check-prefix=EMPTY
#include "cuda.h"

// Thread t reads x[t], x[t + s], ... below n: ceil((n - t) / s) iterations,
// 1000 loads over the 32 threads for n = 1000, s = 32.
__global__ void strided_sum(const float *x, float *y, int n, int s) {
  int i = threadIdx.x;
  float acc = 0.0f;
  while (i < n) {
    acc += x[i];
    i += s;
  }
  y[threadIdx.x] = acc;
}

// k = 0, 4, 8, ... while k < n: ceil(n / 4) iterations, and one for n <= 0.
__global__ void at_least_once(const float *x, float *y, int n) {
  int k = 0;
  float acc = 0.0f;
  do {
    acc += x[k];
    k += 4;
  } while (k < n);
  y[threadIdx.x] = acc;
}

// CHECK: "name": "strided_sum",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
// CHECK: "global_loads": 1000,
// Every x below n once: 4000 bytes.
// CHECK: "footprint_bytes": 4128,
// CHECK: "name": "at_least_once",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 8000,
// CHECK: "global_loads": 8000,
// EMPTY: "name": "at_least_once",
// EMPTY: "totals": {
// EMPTY-NEXT: "flops": 32,
