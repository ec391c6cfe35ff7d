// A grid-stride loop runs exactly n iterations over the whole launch,
// whatever the grid: fewer threads than n, more threads than n, or not a
// multiple.
// RUN: %rl-analyze-stub %s --launch 'stride:grid=4,block=256' --bind n=10000 \
// RUN:   --format=json | FileCheck %s --check-prefix=FEW
// RUN: %rl-analyze-stub %s --launch 'stride:grid=64,block=256' --bind n=10000 \
// RUN:   --format=json | FileCheck %s --check-prefix=MANY
// RUN: %rl-analyze-stub %s --launch 'stride:grid=3,block=100' --bind n=1001 \
// RUN:   --format=json | FileCheck %s --check-prefix=ODD
#include "cuda.h"

__global__ void stride(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = 2.0f * x[i];
}

// FEW: "formulas": {
// FEW-NEXT: "flops": "n",
// FEW: "totals": {
// FEW-NEXT: "flops": 10000,
// FEW: "global_load_bytes": 40000,
// FEW-NEXT: "global_stores": 10000,

// MANY: "totals": {
// MANY-NEXT: "flops": 10000,
// MANY: "global_stores": 10000,

// ODD: "totals": {
// ODD-NEXT: "flops": 1001,
// ODD: "global_stores": 1001,
