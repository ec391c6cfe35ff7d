// Transcendentals and special functions are sfu_ops, not FLOPs: expf, __expf,
// sqrtf, rsqrtf, sinf, tanhf and logf are one SFU op each.
// RUN: %rl-analyze-stub %s --launch 'sfu:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'sfu:grid=2,block=64' \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG \
// RUN:       --implicit-check-not=warning: --implicit-check-not=note:
#include "cuda.h"

__global__ void sfu(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  float e = expf(v);
  float f = __expf(v);
  float s = sqrtf(v);
  float r = rsqrtf(v);
  float n = sinf(v);
  float t = tanhf(v);
  float l = logf(v);
  // Six adds join the seven results.
  y[i] = e + f + s + r + n + t + l;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "6",
// CHECK: "flops_fp32": "6",
// CHECK: "sfu_ops": "7",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 768,
// CHECK: "sfu_ops": 896,

// 896 MUFU operations at 16 per SM per clock take 0.214 ns, less than the
// DRAM traffic at the H200's measured stream rates.
// DIAG: remark: sfu is launch-bound
