// `if (x[i] > 0)` depends on the data: the counts become a {low, high} range
// (the branch never taken .. always taken) and range_reasons says where.
// RUN: %rl-analyze-stub %s --launch 'relu:grid=4,block=256' --bind n=1000 \
// RUN:   --format=json > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=REASON < %t.json
#include "cuda.h"

__global__ void relu(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    // REASON: "range_reasons": [
    // REASON-NEXT: "branch at {{.*}}branch-data-dependent.cu:[[@LINE+1]]:5 on `x[i] > 0.0f` depends on data"
    if (x[i] > 0.0f)
      y[i] = x[i] * 0.5f;
  }
}

// CHECK: "totals": {
// CHECK-NEXT: "flops": {
// CHECK-NEXT: "low": 0,
// CHECK-NEXT: "high": 1000
// CHECK-NEXT: },
// The condition's load always happens; the body's load and store may not.
// CHECK: "global_loads": {
// CHECK-NEXT: "low": 1000,
// CHECK-NEXT: "high": 2000
// CHECK-NEXT: },
// CHECK: "global_stores": {
// CHECK-NEXT: "low": 0,
// CHECK-NEXT: "high": 1000
// CHECK-NEXT: },
