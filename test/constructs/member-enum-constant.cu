// A constant read through an object, `f.num_elements` (wmma fragments
// declare it as an enumerator), is its value: the loop runs 8 times.
// RUN: %rl-analyze-stub %s --launch 'fragment:grid=1,block=32' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

struct Fragment {
  enum { num_elements = 8 };
  float x[num_elements];
};

__global__ void fragment(const float *in, float *out) {
  Fragment f;
  float acc = 0.0f;
  for (int i = 0; i < f.num_elements; ++i)
    acc += 1.5f * in[i];
  out[threadIdx.x] = acc;
}

// CHECK: "name": "fragment"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 512,
// CHECK: "global_loads": 256,
// CHECK: "range_reasons": []
