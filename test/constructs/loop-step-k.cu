// A loop with step k runs ceil(n / k) times: 250 for n = 1000, k = 4, and
// 143 for a step of 7 given as a parameter.
// RUN: %rl-analyze-stub %s --launch 'by4:grid=1,block=1' \
// RUN:   --launch 'bys:grid=1,block=1' --bind n=1000 --bind s=7 \
// RUN:   --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'by4:grid=1,block=1' \
// RUN:   --launch 'bys:grid=1,block=1' --bind n=1001 --bind s=7 \
// RUN:   --format=json | FileCheck %s --check-prefix=ODD
#include "cuda.h"

__global__ void by4(float *y, int n) {
  for (int k = 0; k < n; k += 4)
    y[k] = 0.0f;
}

__global__ void bys(float *y, int n, int s) {
  for (int k = 0; k < n; k += s)
    y[k] = 0.0f;
}

// CHECK-LABEL: "name": "by4"
// CHECK: "totals": {
// CHECK: "global_stores": 250,
// CHECK-LABEL: "name": "bys"
// CHECK: "totals": {
// CHECK: "global_stores": 143,

// ODD-LABEL: "name": "by4"
// ODD: "totals": {
// ODD: "global_stores": 251,
// ODD-LABEL: "name": "bys"
// ODD: "totals": {
// ODD: "global_stores": 143,
