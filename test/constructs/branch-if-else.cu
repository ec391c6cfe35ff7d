// A data-dependent if/else: the low end is the cheaper branch, the high end
// the dearer one; accesses made in both branches stay exact.
// RUN: %rl-analyze-stub %s --launch 'pick:grid=4,block=256' --bind n=1000 \
// RUN:   --format=json > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=REASON < %t.json
#include "cuda.h"

__global__ void pick(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  // REASON: "range_reasons": [
  // REASON-NEXT: "branch at {{.*}}branch-if-else.cu:[[@LINE+1]]:3 on `x[i] > 0.0f` depends on data"
  if (x[i] > 0.0f)
    y[i] = x[i] * 2.0f;
  else
    y[i] = x[i] * x[i] + 1.0f;
}

// 1 FLOP in the then-branch, 2 in the else-branch; both load x[i] once more
// (the else-branch twice) and store y[i].
// CHECK: "totals": {
// CHECK-NEXT: "flops": {
// CHECK-NEXT: "low": 1000,
// CHECK-NEXT: "high": 2000
// CHECK-NEXT: },
// CHECK: "global_loads": {
// CHECK-NEXT: "low": 2000,
// CHECK-NEXT: "high": 3000
// CHECK-NEXT: },
// CHECK: "global_stores": 1000,
// CHECK-NEXT: "global_store_bytes": 4000,
