// A decrement as the loop test runs until the counter reaches zero: from c,
// `while (i--)` runs c times and `while (--i && data)` at most c - 1.
// RUN: %rl-analyze-stub %s --launch 'postDecrement:grid=1,block=32' \
// RUN:   --bind crunch=40 --format=json | FileCheck %s --check-prefix=POST
// RUN: %rl-analyze-stub %s --launch 'preDecrement:grid=1,block=32' \
// RUN:   --bind crunch=40 --format=json | FileCheck %s --check-prefix=PRE
#include "cuda.h"

__global__ void postDecrement(const float *c, float *out, int crunch) {
  int i = crunch;
  float z = 0.0f;
  while (i--)
    z = z * z + c[threadIdx.x];
  out[threadIdx.x] = z;
}

__global__ void preDecrement(const float *c, float *out, int crunch) {
  int i = crunch;
  float z = 0.0f;
  while (--i && z < 4.0f)
    z = z * z + c[threadIdx.x];
  out[threadIdx.x] = z;
}

// 40 trips of a multiply and an add, exactly.
// POST: "name": "postDecrement"
// POST: "totals": {
// POST-NEXT: "flops": 2560,
// POST: "range_reasons": []

// At most 39 trips.
// PRE: "name": "preDecrement"
// PRE: "totals": {
// PRE-NEXT: "flops": {
// PRE-NEXT: "low": 0,
// PRE-NEXT: "high": 2496
