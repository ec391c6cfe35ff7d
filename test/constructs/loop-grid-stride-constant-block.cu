// A grid-stride loop written with a block-size constant (templated kernels)
// runs, per 256-wide tile, the offsets below blockDim: n iterations when
// blockDim equals the constant, n/2 for a block of 128 (the other half is
// skipped), and a warning when a wider block repeats the next tile's elements.
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
  gs<256><<<1024, 512>>>(in, out, 1 << 24);
}

// CHECK-LABEL: "name": "gs<256>"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 16777216,
// CHECK-NOT: rl-block-size-mismatch
// CHECK-LABEL: "name": "gs<256>"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 8388608,
// CHECK-NOT: rl-block-size-mismatch
// CHECK-LABEL: "name": "gs<256>"
// CHECK: "rl-block-size-mismatch"
// CHECK: threads past 256 repeat elements of the next tile
