// clang -x cuda runs a host job and one device job per GPU architecture;
// the plugin reports from the host job only, so each finding (here the
// verdict remark, asked for with `verdicts`) appears once.
// REQUIRES: rl-plugin
// RUN: %clang-cuda-stub-all -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang gpu=H100 \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang verdicts 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=rl-memory-bound
// An ordinary compile to an object file: the build's output is unchanged
// and the remark comes with it.
// RUN: rm -f %t.o
// RUN: %clang-cuda-stub -c -o %t.o -fplugin=%rl-plugin %s \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang gpu=H100 \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang verdicts 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=rl-memory-bound
// RUN: %python -c "import os, sys; sys.exit(0 if os.path.getsize(r'%t.o') > 0 else 1)"
#include "cuda.h"

// CHECK: host-job-only.cu:[[@LINE+1]]:17: remark: scale is latency-bound on H100 SXM{{.*}}[rl-memory-bound]
__global__ void scale(float *y, float a) { y[threadIdx.x] *= a; }

void run(float *y) { scale<<<1, 64>>>(y, 2.0f); }
