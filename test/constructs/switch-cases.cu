// A switch on a parameter is uniform: once the parameter is bound, exactly
// the case taken is counted (cases after an unbraced `break;` and `default:`
// included). A switch on loaded data is a {low, high} range over its cases.
// RUN: %rl-analyze-stub %s --launch 'sw:grid=1,block=1' --bind m=1 --format=json \
// RUN:   | FileCheck %s --check-prefix=CASE1
// RUN: %rl-analyze-stub %s --launch 'sw:grid=1,block=1' --bind m=7 --format=json \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: %rl-analyze-stub %s --launch 'onData:grid=1,block=1' --format=json \
// RUN:   | FileCheck %s --check-prefix=DATA
#include "cuda.h"

__global__ void sw(float *y, int m) {
  switch (m) {
  case 0:
    y[0] = 1.0f;
    break;
  case 1:
    y[1] = y[2] * 2.0f;
    break;
  default:
    y[3] = y[4] + y[5] + y[6];
  }
}

__global__ void onData(float *y, const int *sel) {
  switch (sel[0]) {
  case 0:
    y[0] = 1.0f;
    break;
  case 1:
    y[1] = y[2] * 2.0f;
    break;
  default:
    y[3] = y[4] + y[5] + y[6];
  }
}

// CASE1-LABEL: "name": "sw"
// CASE1: "totals": {
// CASE1-NEXT: "flops": 1,
// CASE1: "global_loads": 1,
// CASE1: "global_stores": 1,
// CASE1: "range_reasons": [],

// DEFAULT-LABEL: "name": "sw"
// DEFAULT: "totals": {
// DEFAULT-NEXT: "flops": 2,
// DEFAULT: "global_loads": 3,
// DEFAULT: "global_stores": 1,

// The selector itself is one load in every case.
// DATA-LABEL: "name": "onData"
// DATA: "totals": {
// DATA-NEXT: "flops": {
// DATA-NEXT: "low": 0,
// DATA-NEXT: "high": 2
// DATA: "global_loads": {
// DATA-NEXT: "low": 1,
// DATA-NEXT: "high": 4
// DATA: "range_reasons": [
// DATA-NEXT: "switch at {{.*}}: the case taken depends on data"
