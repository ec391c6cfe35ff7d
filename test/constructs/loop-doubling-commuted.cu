// A doubling written with the constant first, `i = 2 * i`, on a counter
// declared before the loop (Rodinia's reductions), and a step written
// `k = 3 + k`: both are counted like `i *= 2` and `k += 3`, not left as
// unknown trip counts. 2, 4, ..., 512 is 9 trips; 0, 3, ..., 30 is 11.
// RUN: %rl-analyze-stub %s --launch 'sum:grid=2,block=512' --format=json \
// RUN:   | FileCheck %s --implicit-check-not=trips_L
#include "cuda.h"

__global__ void sum(float *x) {
  int i, k;
  for (i = 2; i <= 512; i = 2 * i)
    x[threadIdx.x] += 1.0f;
  for (k = 0; k < 32; k = 3 + k)
    x[threadIdx.x] *= 2.0f;
}

// 1024 threads x (9 + 11) FLOPs.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 20480,
