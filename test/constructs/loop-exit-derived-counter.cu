// `for (;;)` over tiles whose exit compares a local computed from the
// counter (the samples' tensor-core GEMMs: block_tile_i = ((block_pos * 8) /
// 256) * 8, break when it reaches 256): the counter's bound is solved from
// the test (block_pos < 1024), so 1024 tiles over the grid, 32 threads
// each: 32768 adds, exact when the test comes before any work. A stride
// loop whose test comes after the work is not counted: a symbol to bind.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void tiles(float *out) {
  for (unsigned pos = blockIdx.x;; pos += gridDim.x) {
    const unsigned ti = ((pos * 8) / 256) * 8;
    const unsigned tj = (pos * 8) % 256;
    if (ti >= 256)
      break;
    out[(ti + threadIdx.x / 8) * 256 + tj + threadIdx.x % 8] += 1.0f;
  }
}

__global__ void testLast(float *out) {
  for (unsigned pos = blockIdx.x;; pos += gridDim.x) {
    out[pos * 32 + threadIdx.x] += 1.0f;
    if (pos * 4 + 4 > 4096)
      break;
  }
}

void run(float *out) {
  tiles<<<132, 32>>>(out);
  testLast<<<132, 32>>>(out);
}

// CHECK-LABEL: "name": "tiles"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 32768,
// CHECK: "range_reasons": []
// CHECK-LABEL: "name": "testLast"
// CHECK: "rl-unknown-trip-count"
// CHECK-NEXT: "severity": "remark",
// CHECK-NEXT: "message": "{{.*}}a stride loop whose exit test is not the first thing its body does
