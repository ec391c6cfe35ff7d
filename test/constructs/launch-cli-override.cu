// --launch for a kernel replaces its launch sites: one entry with source
// "cli" and the given dimensions; scalar values come from the option.
// Another kernel keeps its own site.
// RUN: %rl-analyze-stub %s --launch 'scale:grid=2,block=32,n=50' \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

__global__ void other(float *y) { y[threadIdx.x] = 1.0f; }

void run(float *y) {
  scale<<<10, 256>>>(y, 1000);
  scale<<<20, 256>>>(y, 5000);
  other<<<3, 32>>>(y);
}

// CHECK-LABEL: "name": "scale"
// CHECK: "grid": [
// CHECK-NEXT: 2,
// CHECK: "block": [
// CHECK-NEXT: 32,
// CHECK: "args": {
// CHECK-NEXT: "n": 50
// CHECK-NEXT: },
// CHECK-NEXT: "source": "cli",
// CHECK-NEXT: "site": null,
// CHECK: "totals": {
// CHECK-NEXT: "flops": 50,
// CHECK-LABEL: "name": "other"
// CHECK: "source": "launch-site",
// CHECK: "totals": {
// CHECK: "global_stores": 96,
// CHECK-NOT: "name": "scale"
