// Comparisons, fminf, fmaxf, fabsf, min and max are compare_ops, not FLOPs.
// RUN: %rl-analyze-stub %s --launch 'cmp:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'cmp:grid=2,block=64' \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG \
// RUN:       --implicit-check-not=warning: --implicit-check-not=note:
#include "cuda.h"

__global__ void cmp(const float *x, const int *k, float *y, int *z, float b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  bool pos = v > b;
  float m = fminf(fmaxf(fabsf(v), 0.0f), b);
  z[i] = min(max(k[i], 0), 255) + pos;
  y[i] = m;
}

// One >, three float and two int min/max/abs calls: 6 compare_ops, 0 FLOPs.
// The + on the int result is the only arithmetic besides the index.
// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "0",
// CHECK: "sfu_ops": "0",
// CHECK-NEXT: "int_ops": "3",
// CHECK-NEXT: "compare_ops": "6",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 0,
// CHECK: "compare_ops": 768,

// DIAG: remark: cmp is launch-bound
