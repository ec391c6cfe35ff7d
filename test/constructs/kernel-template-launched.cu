// A kernel template instantiated by its launches: each instance is named with
// its template arguments and takes the arguments of its own launch.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

template <typename T> __global__ void fill(T *y, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = v;
}

void run(float *f, double *d) {
  fill<<<2, 128>>>(f, 1.0f, 200);
  fill<double><<<1, 64>>>(d, 2.0, 50);
}

// CHECK-LABEL: "name": "fill<float>"
// CHECK: "args": {
// CHECK-NEXT: "n": 200
// CHECK: "totals": {
// CHECK: "global_stores": 200,
// CHECK-NEXT: "global_store_bytes": 800,
// CHECK-LABEL: "name": "fill<double>"
// CHECK: "args": {
// CHECK-NEXT: "n": 50
// CHECK: "totals": {
// CHECK: "global_stores": 50,
// CHECK-NEXT: "global_store_bytes": 400,
