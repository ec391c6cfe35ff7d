// One float atomicAdd per block into one address (a block reduction's
// final step): the updates go one after another at the GPU's measured
// float interval (1.769 ns on an H200), slower than an int's (0.73 ns).
// RUN: %rl-analyze-stub %s --launch 'sum_f:grid=131072,block=128' \
// RUN:   --launch 'sum_i:grid=131072,block=128' --gpu H200 --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void sum_f(const float *x, float *out) {
  if (threadIdx.x == 0)
    atomicAdd(out, x[blockIdx.x]);
}

__global__ void sum_i(const int *x, int *out) {
  if (threadIdx.x == 0)
    atomicAdd(out, x[blockIdx.x]);
}

// 131072 x 1.769 ns = 231.9 us; 131072 x 0.731 ns = 95.9 us.
// CHECK: "name": "sum_f",
// CHECK: "atomic_time_s": 0.0002318
// CHECK: "name": "sum_i",
// CHECK: "atomic_time_s": 9.585
