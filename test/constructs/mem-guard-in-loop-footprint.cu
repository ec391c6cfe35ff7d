// A guard inside a loop (`if (j >= 0 && j < n)` with j = i + k - 2 under
// `for k`) bounds the global index per iteration: the array's footprint is
// the union over the loop (n floats and the few the guard's box adds), not
// five separate copies, and it is marked as a bound.
// RUN: %rl-analyze-stub %s --launch 'blur:grid=4096,block=256' \
// RUN:   --bind n=1048576 --format=json | FileCheck %s
#include "cuda.h"

__global__ void blur(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int k = 0; k < 5; ++k) {
    int j = i + k - 2;
    if (j >= 0 && j < n)
      acc += in[j];
  }
  out[i] = acc;
}

// CHECK: "arrays": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "in",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 4194320,
// CHECK-NEXT: "footprint_exact": false,
// CHECK-NEXT: "footprint_rule": "bound (a loop that takes only part of its range)",
