// Seed: vector add does 1 FLOP per 12 bytes (two float loads, one store):
// intensity 1/12 = 0.0833 FLOP/B.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

void run(const float *a, const float *b, float *c) {
  const int n = 1 << 24;
  vector_add<<<(n + 255) / 256, 256>>>(a, b, c, n);
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "1",
// CHECK: "dram_bytes": "12"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 16777216,
// CHECK: "global_load_bytes": 134217728,
// CHECK: "global_store_bytes": 67108864,
// CHECK: "dram_bytes": 201326592,
// CHECK: "intensity": {
// CHECK-NEXT: "dram": {{0\.08333[0-9]*}},
