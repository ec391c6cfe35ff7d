// A call to a __device__ function declared but not defined here cannot be
// counted: a warning at the call, and the rest of the kernel is still counted.
// RUN: %rl-analyze-stub %s --launch 'opaque:grid=1,block=32' --gpu=L40S \
// RUN:   --format=diagnostics | FileCheck %s --implicit-check-not=warning: \
// RUN:       --implicit-check-not=note:
// RUN: %rl-analyze-stub %s --launch 'opaque:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s --check-prefix=JSON
#include "cuda.h"

__device__ float mystery(float v);

// Defined later in the file: analysed, no warning.
__device__ float later(float v);

// CHECK: {{.*}}device-opaque-call.cu:[[@LINE+1]]:17: remark: opaque is launch-bound on L40S
__global__ void opaque(const float *x, float *y) {
  int i = threadIdx.x;
  // CHECK: {{.*}}device-opaque-call.cu:[[@LINE+1]]:10: warning: call to 'mystery' is not analysed: its definition is not in this translation unit; its costs are not counted [rl-opaque-call]
  y[i] = mystery(x[i]) + later(x[i]);
}

__device__ float later(float v) { return v * 2.0f; }

// The load of x[i] passed to mystery, the add, and later's multiply count.
// JSON: "per_thread": {
// JSON-NEXT: "flops": "2",
// JSON: "global_loads": "2",
// JSON: "diagnostics": [
// JSON-NEXT: {
// JSON-NEXT: "id": "rl-opaque-call",
// JSON-NEXT: "severity": "warning",
