// --format=diagnostics prints one clang-style remark per analysed kernel at
// its name: file:line:col: remark: ... [rl-memory-bound] or
// [rl-compute-bound].
// RUN: %rl-analyze-stub %s --gpu=L40S --format=diagnostics | FileCheck %s \
// RUN:   --implicit-check-not=warning: --implicit-check-not=note: \
// RUN:   --implicit-check-not=error:
#include "cuda.h"

// 1 FLOP per 8 bytes.
// CHECK: {{.*}}output-diagnostics.cu:[[@LINE+1]]:17: remark: stream is memory-bound on L40S: 0.125 FLOP/B < ridge 106 (predicted {{.*}}) [rl-memory-bound]
__global__ void stream(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + 1.0f;
}

// 2 * 4096 FLOPs per 8 bytes.
// CHECK: {{.*}}output-diagnostics.cu:[[@LINE+1]]:17: remark: crunch is compute-bound on L40S: {{102[04]}} FLOP/B >= ridge 106 (predicted {{.*}}) [rl-compute-bound]
__global__ void crunch(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  for (int k = 0; k < 4096; ++k)
    v = v * 0.999f + 0.001f;
  y[i] = v;
}

void run(const float *x, float *y) {
  stream<<<1024, 256>>>(x, y);
  crunch<<<1024, 256>>>(x, y);
}
