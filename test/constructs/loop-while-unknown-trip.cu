// A while loop whose trip count depends on data is counted as one iteration;
// the report says so in assumptions and with an rl-unknown-trip-count remark
// at the loop.
// RUN: %rl-analyze-stub %s --launch 'halve:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'halve:grid=1,block=32' --gpu=L40S \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG \
// RUN:       --implicit-check-not=warning: --implicit-check-not=note:
#include "cuda.h"

// One multiply and one comparison per thread: the body counted once.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 32,
// CHECK: "compare_ops": 32,
// CHECK-NEXT: "global_loads": 32,

// DIAG: {{.*}}loop-while-unknown-trip.cu:[[@LINE+1]]:17: remark: halve is memory-bound on L40S
__global__ void halve(const float *x, float *y) {
  int i = threadIdx.x;
  float v = x[i];
  // DIAG: {{.*}}loop-while-unknown-trip.cu:[[@LINE+2]]:3: remark: trip count of this loop is not derived (a while loop); counted as one iteration [rl-unknown-trip-count]
  // CHECK: "loop at {{.*}}loop-while-unknown-trip.cu:[[@LINE+1]]:3 counted as one iteration"
  while (v > 1.0f)
    v = v * 0.5f;
  y[i] = v;
}

// CHECK: "diagnostics": [
// CHECK-NEXT: {
// CHECK-NEXT: "id": "rl-unknown-trip-count",
// CHECK-NEXT: "severity": "remark",
