// nvcc's own options after `--`, as copied from a Makefile's NVCCFLAGS, are
// read as nvcc reads them (clang rejects `--use_fast_math` and
// `-Xptxas`, and reads `-G` and `-arch sm_80` as other options): the file
// is analysed as without them.
// RUN: %rl-analyze-stub %s --no-config --format=json -- -O3 --use_fast_math \
// RUN:   -arch sm_80 -Xptxas -v --expt-relaxed-constexpr --extended-lambda \
// RUN:   -G -lineinfo -Xcompiler -Wall -ccbin g++ | FileCheck %s
#include "cuda.h"

__global__ void scale(float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] = a * x[i] + 1.0f;
}

void run(float *x) { scale<<<8, 128>>>(x, 2.0f); }

// CHECK: "name": "scale"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 2048,
