// A flag parameter tested for truth (`if (flag)`, `if (!flag)`) or equality
// (`if (mode == 2)`) is uniform across the launch like `if (n > 1024)`: once
// bound, the taken branch is counted exactly and nothing is a data range.
// RUN: %rl-analyze-stub %s --launch 'onflag:grid=1,block=32' \
// RUN:   --launch 'onbool:grid=1,block=32' --launch 'unless:grid=1,block=32' \
// RUN:   --launch 'onmode:grid=1,block=32' --bind flag=1 --bind mode=2 \
// RUN:   --format=json | FileCheck %s --check-prefix=SET
// RUN: %rl-analyze-stub %s --launch 'onflag:grid=1,block=32' \
// RUN:   --launch 'onbool:grid=1,block=32' --launch 'unless:grid=1,block=32' \
// RUN:   --launch 'onmode:grid=1,block=32' --bind flag=0 --bind mode=3 \
// RUN:   --format=json | FileCheck %s --check-prefix=CLEAR
#include "cuda.h"

__global__ void onflag(float *y, int flag) {
  if (flag)
    y[threadIdx.x] = 1.0f;
}

__global__ void onbool(float *y, bool flag) {
  if (flag)
    y[threadIdx.x] = 1.0f;
}

__global__ void unless(float *y, int flag) {
  if (!flag)
    y[threadIdx.x] = 1.0f;
}

__global__ void onmode(float *y, int mode) {
  if (mode == 2)
    y[threadIdx.x] = 1.0f;
}

// SET-LABEL: "name": "onflag"
// SET: "totals": {
// SET: "global_stores": 32,
// SET: "range_reasons": [],
// SET-LABEL: "name": "onbool"
// SET: "totals": {
// SET: "global_stores": 32,
// SET: "range_reasons": [],
// SET-LABEL: "name": "unless"
// SET: "totals": {
// SET: "global_stores": 0,
// SET: "range_reasons": [],
// SET-LABEL: "name": "onmode"
// SET: "totals": {
// SET: "global_stores": 32,
// SET: "range_reasons": [],

// CLEAR-LABEL: "name": "onflag"
// CLEAR: "totals": {
// CLEAR: "global_stores": 0,
// CLEAR-LABEL: "name": "onbool"
// CLEAR: "totals": {
// CLEAR: "global_stores": 0,
// CLEAR-LABEL: "name": "unless"
// CLEAR: "totals": {
// CLEAR: "global_stores": 32,
// CLEAR-LABEL: "name": "onmode"
// CLEAR: "totals": {
// CLEAR: "global_stores": 0,
