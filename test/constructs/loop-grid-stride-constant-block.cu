// A grid-stride loop written with a block-size constant (templated kernels)
// is a grid-stride loop when blockDim equals it: n iterations in all, with
// the assumption stated, and a warning when the launch uses another size.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

template <int BLOCK>
__global__ void gs(const float *in, float *out, int n) {
  float s = 0;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x)
    s += in[i];
  out[blockIdx.x * BLOCK + threadIdx.x] = s;
}

void run(const float *in, float *out) {
  gs<256><<<1024, 256>>>(in, out, 1 << 24);
  gs<256><<<1024, 128>>>(in, out, 1 << 24);
}

// CHECK-LABEL: "name": "gs<256>"
// CHECK: "flops": "n",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 16777216,
// CHECK: steps by 256 * gridDim: blockDim.x == 256"
// CHECK-LABEL: "name": "gs<256>"
// CHECK: "rl-block-size-mismatch"
