// Seed: vector add over n = 100,000,000 floats on an L40S, grid (n + 255) /
// 256 = 390,625 blocks of 256: 1.2e9 bytes, memory time 1.2e9 / 864e9 =
// 1.389 ms, compute time 1e8 / 91.6e12 = 1.09 us, attainable 1/12 * 864e9 =
// 72 GFLOP/s, memory-bound; predicted 1.390 ms with the 1.5 us every launch
// takes.
// RUN: %rl-analyze-stub %s --gpu=L40S --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --gpu=L40S --format=text \
// RUN:   | FileCheck %s --check-prefix=TEXT
#include "cuda.h"

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

void run(const float *a, const float *b, float *c) {
  const int n = 100000000;
  vector_add<<<(n + 255) / 256, 256>>>(a, b, c, n);
}

// CHECK: "grid": [
// CHECK-NEXT: 390625,
// CHECK: "totals": {
// CHECK-NEXT: "flops": 100000000,
// CHECK: "dram_bytes": 1200000000,
// CHECK: "bound": "dram",
// CHECK-NEXT: "ridge_point": {{106\.01[0-9]*}},
// CHECK-NEXT: "attainable_flops": {{72000000000|7\.2e\+10}},
// CHECK-NEXT: "compute_time_s": {{1\.0917[0-9]*e-06}},
// CHECK-NEXT: "memory_time_s": {{0\.0013888[0-9]*}},
// CHECK-NEXT: "predicted_time_s": {{0\.0013903[0-9]*}},

// TEXT: grid 390625x1x1  block 256x1x1
// TEXT: bytes      1,200,000,000
// TEXT: L40S  dram   1.39 ms    0.0833 FLOP/B (DRAM)  106 FLOP/B  1.09 us 0%  1.39 ms 100%
