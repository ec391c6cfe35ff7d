// Seed: a dot product accumulates x[i] * y[i]: a multiply and an add (2
// FLOPs) per 8 bytes loaded, intensity 0.25 FLOP/B. The one atomicAdd per
// thread that publishes the partial sum is counted under atomics, not bytes.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void dot(const float *x, const float *y, float *result, int n) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += x[i] * y[i];
  atomicAdd(result, sum);
}

void run(const float *x, const float *y, float *result) {
  const int n = 1 << 24;
  dot<<<1024, 256>>>(x, y, result, n);
}

// CHECK: "totals": {
// CHECK-NEXT: "flops": 33554432,
// CHECK: "global_load_bytes": 134217728,
// CHECK-NEXT: "global_stores": 0,
// CHECK: "atomic_ops": 262144,
// CHECK-NEXT: "atomic_bytes": 1048576,
// The 4-byte result reaches DRAM as one 32-byte sector, and its sector is
// read once to be merged (the data exceeds the L2).
// CHECK: "dram_bytes": 134217792,
// CHECK: "intensity": {
// CHECK-NEXT: "dram": {{0\.24999[0-9]*}},
