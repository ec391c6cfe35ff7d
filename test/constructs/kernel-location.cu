// The kernel's location is its name in the definition (file:line:column),
// also after __launch_bounds__ on the line before, extern "C", static, or in
// a namespace (named ns::inner).
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

namespace ns {
// CHECK-LABEL: "name": "ns::inner",
// CHECK: "location": {
// CHECK-NEXT: "file": "{{.*}}kernel-location.cu",
// CHECK-NEXT: "line": [[@LINE+2]],
// CHECK-NEXT: "column": 17
__global__ void inner(float *y) { y[threadIdx.x] = 1.0f; }
} // namespace ns

// CHECK-LABEL: "name": "cfun",
// CHECK: "location": {
// CHECK-NEXT: "file": "{{.*}}kernel-location.cu",
// CHECK-NEXT: "line": [[@LINE+2]],
// CHECK-NEXT: "column": 28
extern "C" __global__ void cfun(float *y) { y[threadIdx.x] = 1.0f; }

// CHECK-LABEL: "name": "bounded",
// CHECK: "location": {
// CHECK-NEXT: "file": "{{.*}}kernel-location.cu",
// CHECK-NEXT: "line": [[@LINE+5]],
// CHECK-NEXT: "column": 5
// The name on its own line:
// clang-format off
__global__ void __launch_bounds__(256)
    bounded(float *y) { y[threadIdx.x] = 1.0f; }
// clang-format on

// CHECK-LABEL: "name": "hidden",
// CHECK: "location": {
// CHECK-NEXT: "file": "{{.*}}kernel-location.cu",
// CHECK-NEXT: "line": [[@LINE+2]],
// CHECK-NEXT: "column": 24
static __global__ void hidden(float *y) { y[threadIdx.x] = 1.0f; }

void host(float *y) {
  ns::inner<<<1, 32>>>(y);
  cfun<<<1, 32>>>(y);
  bounded<<<1, 32>>>(y);
  hidden<<<1, 32>>>(y);
}
