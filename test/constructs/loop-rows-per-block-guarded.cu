// Rows split among blocks, the last block's shorter (`for (k = 0, i =
// blockIdx.x * 8; k < 8 && i < N; ...)`, as jacobiCudaGraphs writes it), with
// a guard inside (one thread adds the row's result): each block's own trip
// count is summed over the blocks, so that 100 rows are counted, not a
// formula that still names blockIdx.x.
// RUN: %rl-analyze-stub %s --launch 'rows:grid=13,block=32' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

#define ROWS 8
#define N 100

__global__ void rows(const float *A, float *y) {
  for (int k = 0, i = blockIdx.x * ROWS; k < ROWS && i < N; k++, i++) {
    float s = A[i * 32 + threadIdx.x] * 2.0f;
    if (threadIdx.x == 0)
      atomicAdd(&y[i], s);
  }
}

// 100 rows of 32 threads, one multiply and one load each; one atomic a row.
// CHECK: "name": "rows"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 3200,
// CHECK: "global_loads": 3200,
// CHECK: "atomic_ops": 100,
// CHECK: "unbound": []
