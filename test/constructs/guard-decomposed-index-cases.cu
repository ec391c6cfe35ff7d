// Exclusive cases of a decomposed index (`Case = (tid % 72) / 4 + 1`, then
// `if (Case == 1) ... if (Case == 18)`): each case is two tests of the same
// residue, 4 * (Case - 1) <= tid % 72 < 4 * Case, so it runs on 4 of every
// 72 threads, exactly, not on every thread from the first test alone.
// RUN: %rl-analyze-stub %s --launch 'cases:grid=72,block=256' \
// RUN:   --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void cases(float *out, const float *in) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int Case = (tid % 72) / 4 + 1;
  float v = in[tid];
  if (Case == 1)
    v = v * 2.0f + 1.0f;
  if (Case == 2)
    v = v * 3.0f + 1.0f;
  if (Case == 3)
    v = v * v * v + 2.0f;
  if (Case == 18)
    v = v * 5.0f + 1.0f;
  out[tid] = v;
}

// 18432 threads, 256 periods of 72: 4 threads of each case per period, 2 + 2
// + 3 + 2 FLOPs: 256 x 4 x 9 = 9216.
// CHECK-LABEL: "name": "cases"
// CHECK: "flops": 9216,
// CHECK: "range_reasons": []
