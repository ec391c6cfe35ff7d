// clang -x cuda runs a host job and one device job per GPU architecture;
// the plugin reports from the host job only, so each finding appears once.
// REQUIRES: rl-plugin
// RUN: %clang-cuda-stub-all -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang gpu=H100 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=rl-memory-bound
#include "cuda.h"

// CHECK: host-job-only.cu:[[@LINE+1]]:17: remark: scale is memory-bound on H100 SXM{{.*}}[rl-memory-bound]
__global__ void scale(float *y, float a) { y[threadIdx.x] *= a; }

void run(float *y) { scale<<<1, 64>>>(y, 2.0f); }
