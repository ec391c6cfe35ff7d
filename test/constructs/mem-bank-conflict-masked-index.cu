// A shared index masked by the table's size, `(32 * t + k) & (SIZE - 1)`,
// that stays below SIZE is the index itself: its 32-way bank conflict is
// found as the unmasked one is.
// RUN: %rl-analyze-stub %s --launch 'masked:grid=64,block=256' \
// RUN:   --format=diagnostics | FileCheck %s
#include "cuda.h"

__global__ void masked(const float *in, float *out) {
  __shared__ float s[32 * 256];
  for (int k = threadIdx.x; k < 32 * 256; k += 256)
    s[k] = in[blockIdx.x * 8192 + k];
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < 16; ++k)
    acc += s[(threadIdx.x * 32 + k) & (32 * 256 - 1)];
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// CHECK: mem-bank-conflict-masked-index.cu:15:12: warning: shared-memory load of 's' is a 32-way bank conflict
