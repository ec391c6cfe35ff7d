// Accesses through a reference a __device__ function or operator[] returns
// are counted where they happen: `at(y, i) = x[i]` is a store to y.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__device__ float &at(float *p, int i) { return p[i]; }

template <typename T> struct Span {
  T *p;
  int n;
  __device__ T &operator[](int i) const { return p[i]; }
};

__global__ void refStore(float *y, const float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 1000)
    at(y, i) += x[i];
}

__global__ void spanCopy(Span<const float> x, Span<float> y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < x.n)
    y[i] = x[i] * 2.0f;
}

void run(Span<const float> a, Span<float> b, float *p, const float *q) {
  refStore<<<4, 256>>>(p, q);
  Span<const float> x{nullptr, 1000};
  spanCopy<<<4, 256>>>(x, b);
}

// CHECK-LABEL: "name": "refStore"
// CHECK: "global_load_bytes": 8000,
// CHECK: "global_store_bytes": 4000,
// The span's length comes from its initialiser at the launch site.
// CHECK-LABEL: "name": "spanCopy"
// CHECK: "args": {
// CHECK-NEXT: "x.n": 1000
// CHECK: "formulas": {
// CHECK-NEXT: "flops": "min(x.n, blockDim.x*gridDim.x)",
// CHECK: "global_load_bytes": 4000,
// CHECK: "global_store_bytes": 4000,
