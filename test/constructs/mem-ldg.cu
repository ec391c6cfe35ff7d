// __ldg is a global load through the read-only path: 4 bytes for a float,
// 16 for a float4. It is a known intrinsic, not an opaque call.
// RUN: %rl-analyze-stub %s --launch 'ldg:grid=2,block=64' \
// RUN:   --launch 'ldg4:grid=2,block=64' --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'ldg:grid=2,block=64' \
// RUN:   --launch 'ldg4:grid=2,block=64' --format=diagnostics \
// RUN:   | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning: \
// RUN:       --implicit-check-not=note:
#include "cuda.h"

__global__ void ldg(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = __ldg(&x[i]) + __ldg(x + i);
}

__global__ void ldg4(const float4 *x, float4 *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = __ldg(&x[i]);
}

// CHECK-LABEL: "name": "ldg"
// CHECK: "per_thread": {
// CHECK: "global_loads": "2",
// CHECK-NEXT: "global_load_bytes": "8",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "4",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 1024,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
// CHECK-LABEL: "name": "ldg4"
// CHECK: "per_thread": {
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "16",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "16",

// DIAG: remark: ldg is launch-bound
// DIAG: remark: ldg4 is launch-bound
