// A grid-stride loop over blocks `for (r = blockIdx.x; r < rows; r +=
// gridDim.x)` (a row per block, softmax/layernorm style) runs each row once
// over the whole launch, whatever the grid: fewer blocks than rows, more,
// or not a multiple. Inside it, a block-stride loop over the row's columns
// and a loop whose trip count depends on the thread's column sum exactly.
// RUN: %rl-analyze-stub %s --launch 'rowScale:grid=4,block=128' --bind rows=1000 --bind cols=300 \
// RUN:   --format=json | FileCheck %s --check-prefix=FEW
// RUN: %rl-analyze-stub %s --launch 'rowScale:grid=1500,block=128' --bind rows=1000 --bind cols=300 \
// RUN:   --format=json | FileCheck %s --check-prefix=MANY
// RUN: %rl-analyze-stub %s --launch 'partialDot:grid=7,block=64' --bind vectors=10 --bind len=5000 \
// RUN:   --format=json | FileCheck %s --check-prefix=DOT
#include "cuda.h"

__global__ void rowScale(const float *x, float *y, int rows, int cols) {
  for (int r = blockIdx.x; r < rows; r += gridDim.x)
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      y[r * cols + c] = 2.0f * x[r * cols + c];
}

// scalarProd's shape: per vector (a block-grid-stride loop), 256 partial
// sums (a block-stride loop over a constant), each over every 256th element.
__global__ void partialDot(const float *a, const float *b, float *out,
                           int vectors, int len) {
  for (int v = blockIdx.x; v < vectors; v += gridDim.x) {
    for (int k = threadIdx.x; k < 256; k += blockDim.x) {
      float s = 0.0f;
      for (int p = v * len + k; p < (v + 1) * len; p += 256)
        s += a[p] * b[p];
      out[v * 256 + k] = s;
    }
  }
}

// FEW: "name": "rowScale"
// FEW: "totals": {
// FEW-NEXT: "flops": 300000,
// FEW: "global_load_bytes": 1200000,
// FEW-NEXT: "global_stores": 300000,

// MANY: "name": "rowScale"
// MANY: "totals": {
// MANY-NEXT: "flops": 300000,
// MANY: "global_stores": 300000,

// 2 FLOPs per element of 10 vectors of 5000; one store per partial sum.
// DOT: "name": "partialDot"
// DOT: "totals": {
// DOT-NEXT: "flops": 100000,
// DOT: "global_load_bytes": 400000,
// DOT-NEXT: "global_stores": 2560,
