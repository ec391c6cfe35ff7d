// A while loop whose trip count depends on data is never counted as one
// iteration: its iterations per thread become the symbol trips_L<line>, the
// report says so with an rl-unknown-trip-count remark at the loop, the totals
// stay unbound, and binding the symbol gives the numbers.
// RUN: %rl-analyze-stub %s --launch 'halve:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'halve:grid=1,block=32' \
// RUN:   --bind trips_L32=3 --format=json | FileCheck %s --check-prefix=BOUND \
// RUN:       --implicit-check-not=rl-unknown-argument
// RUN: %rl-analyze-stub %s --launch 'halve:grid=1,block=32' --gpu=L40S \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG \
// RUN:       --implicit-check-not=warning: --implicit-check-not=remark:
#include "cuda.h"

// One multiply and one comparison per iteration, the load and store once.
// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "trips_L32",
// CHECK: "global_loads": "1",
// CHECK: "totals": {
// CHECK-NEXT: "flops": null,
// CHECK: "unbound": [
// CHECK-NEXT: "trips_L32"
// BOUND: "totals": {
// BOUND-NEXT: "flops": 96,

// DIAG: {{.*}}loop-while-unknown-trip.cu:[[@LINE+1]]:17: note: 'halve' has unbound symbols: trips_L32; bind them
__global__ void halve(const float *x, float *y) {
  int i = threadIdx.x;
  float v = x[i];
  // DIAG: {{.*}}loop-while-unknown-trip.cu:[[@LINE+2]]:3: remark: trip count of this loop is not derived (its condition compares floating-point values); its iterations per thread are the symbol 'trips_L32': bind it with --bind trips_L32=N [rl-unknown-trip-count]
  // CHECK: "loop at {{.*}}loop-while-unknown-trip.cu:[[@LINE+1]]:3: iterations per thread are 'trips_L32' (its condition compares floating-point values)"
  while (v > 1.0f)
    v = v * 0.5f;
  y[i] = v;
}

// CHECK: "diagnostics": [
// CHECK: "id": "rl-unknown-trip-count",
// CHECK-NEXT: "severity": "remark",
