// The reduction idiom of two elements per thread: i = blockIdx.x * 2B +
// threadIdx.x, stepping 2B * gridDim.x, reading in[i] and in[i + B] with B
// threads per block. Each of the two loads runs n/2 times: n FLOPs and 4n
// bytes read for n = 2^20, and no block-size warning (B < 2B is the design).
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

template <unsigned B>
__global__ void twoPerThread(const float *in, float *out, unsigned n) {
  unsigned i = blockIdx.x * B * 2 + threadIdx.x;
  unsigned gridSize = B * 2 * gridDim.x;
  float s = 0;
  while (i < n) {
    s += in[i];
    if (i + B < n)
      s += in[i + B];
    i += gridSize;
  }
  out[blockIdx.x * B + threadIdx.x] = s;
}

void run(const float *in, float *out) {
  twoPerThread<256><<<64, 256>>>(in, out, 1 << 20);
}

// CHECK-LABEL: "name": "twoPerThread<256U>"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1048576,
// CHECK: "global_load_bytes": 4194304,
// CHECK-NOT: rl-block-size-mismatch
// CHECK: "range_reasons": []
