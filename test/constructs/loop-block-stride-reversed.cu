// A block-stride loop run backwards, `for (i = V + threadIdx.x - blockDim.x;
// i >= 0; i -= blockDim.x)` (llm.c's prepare_softmax_blockwide walks a row
// so, for L2 hits on its second read), takes each index of [0, V) once per
// block, as the forward loop does: V multiplies per block, for any V.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void rowmax(float *out, const float *x, int V) {
  float m = -1e30f;
  const float *row = x + blockIdx.x * V;
  for (int i = V + threadIdx.x - blockDim.x; i >= 0; i -= blockDim.x)
    m = fmaxf(m, row[i] * 2.0f);
  out[blockIdx.x * blockDim.x + threadIdx.x] = m;
}

void run(float *o, const float *x) { rowmax<<<64, 256>>>(o, x, 1000); }

// CHECK: "name": "rowmax"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 64000,
// CHECK: "global_load_bytes": 256000,
// CHECK: "range_reasons": []
