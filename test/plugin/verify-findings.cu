// The plugin reports, during an ordinary compile, what the CLI reports:
// every finding and, with the plugin argument `verdicts`, the roofline
// remark per kernel launch, at the same places, checked with clang's own
// -verify. Without `verdicts` the remark is not reported (prefix
// `findings`), the findings are.
// REQUIRES: rl-plugin
// RUN: %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   -Xclang -verify=expected,findings \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang gpu=L40S \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang launch=rec:grid=1,block=32 \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang no-resources \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang verdicts
// RUN: %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   -Xclang -verify=findings \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang gpu=L40S \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang launch=rec:grid=1,block=32 \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang no-resources
// (Occupancy and the latency ceiling are not what this test is about: like
// the CLI's --no-cuda-headers run below, no nvcc compile.)
// The CLI on the same file: the same lines.
// RUN: %rl-analyze-stub %s --gpu=L40S --launch 'rec:grid=1,block=32' \
// RUN:   --format=diagnostics | FileCheck %s
#include "cuda.h"

__device__ float power(float b, int e) {
  // CHECK: verify-findings.cu:[[@LINE+2]]:30: warning: recursive call to 'power' is not followed
  // findings-warning@+1 {{recursive call to 'power' is not followed: the model cannot bound the recursion depth; the recursive call's costs are not counted [rl-recursion]}}
  return e == 0 ? 1.0f : b * power(b, e - 1);
}

// CHECK: verify-findings.cu:[[@LINE+2]]:17: remark: rec is launch-bound on L40S: 1 block takes 62.3 ns to hand out (157 cycles per block per SM), more than its work (predicted 1.56 us, 1.50 us of it the floor every launch takes) [rl-memory-bound]
// expected-remark@+1 {{rec is launch-bound on L40S: 1 block takes 62.3 ns to hand out (157 cycles per block per SM), more than its work (predicted 1.56 us, 1.50 us of it the floor every launch takes) [rl-memory-bound]}}
__global__ void rec(const float *x, float *y) {
  int i = threadIdx.x;
  y[i] = power(x[i], 3);
}
