// REQUIRES: cuda-toolkit
// totals.hardware_flops is what Nsight Compute's fadd + fmul + 2*ffma
// counters see: a division is its reciprocal-and-FMA sequence, expf its FMA
// polynomial, and a __half2 FMA one instruction (2), not two lanes (4).
// RUN: %rl-analyze %s --format=json | FileCheck %s
#include <cuda_fp16.h>

__global__ void views(const float *x, float *y, const __half2 *h, __half2 *g) {
  int i = threadIdx.x;
  y[i] = x[i] / 3.0f;
  y[i + 32] = expf(x[i]);
  g[i] = __hfma2(h[i], h[i], h[i]);
}

void run(const float *x, float *y, const __half2 *h, __half2 *g) {
  views<<<1, 32>>>(x, y, h, g);
}

// Source view per thread: 1 (div) + 0 (expf) + 4 (two-lane FMA) = 5.
// Hardware view per thread: 10 (div) + 10 (expf) + 2 (HFMA2) = 22.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 160,
// CHECK: "hardware_flops": 704,
