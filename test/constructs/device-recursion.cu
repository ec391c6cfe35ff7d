// A recursive __device__ function cannot be bounded: a warning at the
// recursive call, and the recursive call's costs are left out. The first call
// from the kernel is still followed.
// RUN: %rl-analyze-stub %s --launch 'rec:grid=1,block=32' --gpu=L40S \
// RUN:   --format=diagnostics | FileCheck %s --implicit-check-not=warning: \
// RUN:       --implicit-check-not=note:
// RUN: %rl-analyze-stub %s --launch 'rec:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s --check-prefix=JSON
#include "cuda.h"

__device__ float power(float b, int e) {
  // CHECK: {{.*}}device-recursion.cu:[[@LINE+1]]:30: warning: recursive call to 'power' is not followed: the model cannot bound the recursion depth; the recursive call's costs are not counted [rl-recursion]
  return e == 0 ? 1.0f : b * power(b, e - 1);
}

// No warning for a helper that is merely called twice.
__device__ float sq(float v) { return v * v; }

// CHECK: {{.*}}device-recursion.cu:[[@LINE+1]]:17: remark: rec is launch-bound on L40S
__global__ void rec(const float *x, float *y) {
  int i = threadIdx.x;
  y[i] = power(x[i], 3) + sq(x[i]) + sq(1.0f);
}

// JSON: "diagnostics": [
// JSON-NEXT: {
// JSON-NEXT: "id": "rl-recursion",
// JSON-NEXT: "severity": "warning",
