// --launches FILE: every case of the launch file is its own entry, carrying
// its case name, with source "launch-file"; launch sites in the file are
// replaced.
// RUN: %rl-analyze-stub %s --launches %S/Inputs/launch-file-two-cases.json \
// RUN:   --format=json | FileCheck %s --implicit-check-not=launch-site
#include "cuda.h"

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void run(float *y) { scale<<<1, 32>>>(y, 32); }

// CHECK-LABEL: "name": "scale"
// CHECK-NEXT: "mangled_name": "_Z5scalePfi",
// CHECK-NEXT: "case": "small",
// CHECK: "grid": [
// CHECK-NEXT: 4,
// CHECK: "args": {
// CHECK-NEXT: "n": 1000
// CHECK-NEXT: },
// CHECK-NEXT: "source": "launch-file",
// CHECK-NEXT: "site": null,
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
// CHECK-LABEL: "name": "scale"
// CHECK-NEXT: "mangled_name": "_Z5scalePfi",
// CHECK-NEXT: "case": "big",
// CHECK: "grid": [
// CHECK-NEXT: 4096,
// CHECK: "args": {
// CHECK-NEXT: "n": 1048576
// CHECK-NEXT: },
// CHECK-NEXT: "source": "launch-file",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1048576,
