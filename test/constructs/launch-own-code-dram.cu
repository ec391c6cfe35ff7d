// A cold launch fetches its machine code from DRAM: launch_dram (2560 B on
// an H100) is an empty kernel's, whose code is 256 B; a kernel with more
// code reads the rest too. The fully unrolled polynomial below compiles to
// several KB of SASS, so the launch's own reads exceed 2560 B by its code
// beyond 256 B, and the DRAM assumption names the code's size. The empty
// kernel beside it reads launch_dram alone.
// REQUIRES: cuda-toolkit, nvdisasm
// RUN: %rl-analyze %s --gpu=H100 --format=json | FileCheck %s
// RUN: %rl-analyze %s --gpu=H100 --verbose | FileCheck %s --check-prefix=TEXT
#include "cuda.h"

__global__ void empty() {}

__global__ void poly(const float *x, float *y) {
  float v = x[threadIdx.x], acc = 0.0f;
#pragma unroll
  for (int k = 0; k < 400; ++k)
    acc = acc * v + 0.5f * k;
  y[threadIdx.x] = acc;
}

void run(const float *x, float *y) {
  empty<<<1, 1>>>();
  poly<<<1, 32>>>(x, y);
}

// CHECK-LABEL: "name": "empty"
// CHECK: "dram_launch_bytes": 2560,
// CHECK-LABEL: "name": "poly"
// CHECK: "dram_launch_bytes":
// CHECK-SAME: {{[3-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9]}},
// TEXT-LABEL: {{^}}poly{{ }}
// TEXT: the launch also reads {{[0-9.]+}} KB of its own code and constants
// TEXT-SAME: (H100 SXM's launch_dram with the kernel's {{[0-9.]+}} KB of
// TEXT-SAME: machine code)
