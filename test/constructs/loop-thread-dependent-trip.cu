// A loop whose trip count is the thread's own index is summed over the
// threads: thread i of `for (j = 0; j <= i; ++j)` runs i + 1 times, so n
// threads run n(n+1)/2 iterations in all.
// RUN: %rl-analyze-stub %s --launch 'prefix:grid=4,block=256' --bind n=1000 \
// RUN:   --launch 'lanes:grid=2,block=32' --format=json | FileCheck %s
#include "cuda.h"

__global__ void prefix(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int j = 0; j <= i; ++j)
      s += a[j];
    out[i] = s;
  }
}

__global__ void lanes(float *y) {
  float s = 0.0f;
  for (int k = 0; k < threadIdx.x; ++k)
    s += 1.0f;
  y[threadIdx.x] = s;
}

// CHECK-LABEL: "name": "prefix"
// CHECK: "flops": "(min(n, blockDim.x*gridDim.x)^2 + min(n, blockDim.x*gridDim.x))/2",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 500500,
// CHECK: "global_load_bytes": 2002000,
// CHECK: "global_store_bytes": 4000,
// CHECK: "diagnostics": []

// 0 + 1 + ... + 31 per block, two blocks.
// CHECK-LABEL: "name": "lanes"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 992,
// CHECK: "global_store_bytes": 256,
