// The plugin attaches the finding's fix-it to the compiler diagnostic, so
// that clang prints it (here in its parseable form) and editors can apply
// it; the verdict remark is left out by default.
// REQUIRES: rl-plugin
// RUN: %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   -fdiagnostics-parseable-fixits \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang launch=column:grid=4,block=32x32 \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang no-resources 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=rl-memory-bound
#include "cuda.h"

__global__ void column(const float *in, float *out) {
  __shared__ float tile[32][32];
  int base = blockIdx.x * 1024;
  tile[threadIdx.y][threadIdx.x] = in[base + threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// CHECK: fixit.cu:17:48: warning: shared-memory load of 'tile' is a 32-way bank conflict{{.*}}[rl-bank-conflict]
// CHECK: fix-it:"{{.*}}fixit.cu":{13:29-13:31}:"33"
