// A kernel that reads an optional input only when the launch passes one
// (`if (in)`): the launch that passes NULL reads nothing and the one that
// passes a buffer reads it, each exact, not a range over "maybe every
// thread". A launch whose pointer is not known takes it as a buffer and
// says so.
// RUN: %rl-analyze-stub %s --gpu=H200 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --gpu=H200 --bind n=1048576 \
// RUN:   --launch 'transform:grid=4096,block=256' --format=json \
// RUN:   | FileCheck %s --check-prefix=CLI
#include "cuda.h"

__global__ void transform(float *out, const unsigned *in, unsigned n) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  if (in)
    out[tid] = in[tid] * 2.0f;
  else
    out[tid] = tid * 0.5f;
}
int main() {
  unsigned n = 1 << 20;
  float *out;
  unsigned *in;
  cudaMalloc((void **)&out, n * sizeof(float));
  cudaMalloc((void **)&in, n * sizeof(unsigned));
  transform<<<n / 256, 256>>>(out, NULL, n);
  transform<<<n / 256, 256>>>(out, in, n);
  return 0;
}

// CHECK: "global_load_bytes": 0,
// CHECK: "range_reasons": [],
// CHECK: "global_load_bytes": 4194304,
// CHECK: "range_reasons": [],

// CLI: "global_load_bytes": 4194304,
// CLI: 'in' is taken as a buffer, not null: the kernel tests it
// CLI-SAME: and the launch's pointer is not known (--bind in=0 for a null pointer)
