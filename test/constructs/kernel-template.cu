// A kernel template explicitly instantiated for float and double gives two
// entries, scale<float> and scale<double>, each counted in its own precision.
// RUN: %rl-analyze-stub %s --launch 'scale<float>:grid=4,block=256' \
// RUN:   --launch 'scale<double>:grid=4,block=256' --bind n=1000 \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

template <typename T> __global__ void scale(T *y, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * y[i];
}

template __global__ void scale<float>(float *, float, int);
template __global__ void scale<double>(double *, double, int);

// CHECK-LABEL: "name": "scale<float>"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
// CHECK: "fp32": 1000,
// CHECK-NEXT: "fp64": 0
// CHECK: "global_load_bytes": 4000,
// CHECK-LABEL: "name": "scale<double>"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
// CHECK: "fp32": 0,
// CHECK-NEXT: "fp64": 1000
// CHECK: "global_load_bytes": 8000,
