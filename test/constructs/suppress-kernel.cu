// An ignore comment on a kernel's declaration (the line of its name or the
// declaration lines above it) silences those IDs for the whole kernel,
// the verdict remark included; `ignore[*]` silences every ID.
// RUN: %rl-analyze-stub %s --gpu=L40S --format=diagnostics \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
#include "cuda.h"

__device__ float mystery(float v);

// rl-analyze: ignore[rl-opaque-call, rl-memory-bound]
__global__ void quiet(const float *x, float *y) {
  y[threadIdx.x] = mystery(x[threadIdx.x]);
}

template <typename T>
__global__ void // rl-analyze: ignore[*]
quiet_template(const T *x, T *y) {
  y[threadIdx.x] = mystery(x[threadIdx.x]);
}

// The comment ends at a blank line or a previous declaration: not this one.
// CHECK: {{.*}}suppress-kernel.cu:[[@LINE+1]]:17: remark: loud is launch-bound on L40S
__global__ void loud(const float *x, float *y) {
  // CHECK: {{.*}}suppress-kernel.cu:[[@LINE+1]]:20: warning: call to 'mystery'{{.*}}[rl-opaque-call]
  y[threadIdx.x] = mystery(x[threadIdx.x]);
}

void host(const float *x, float *y) {
  quiet<<<1, 32>>>(x, y);
  quiet_template<<<1, 32>>>(x, y);
  loud<<<1, 32>>>(x, y);
}
