// --gpu=L40S,H100 predicts for both: two verdicts in order, each with its own
// ridge point (peak fp32 FLOP/s over DRAM bandwidth) and times; the top-level
// fields repeat the first.
// RUN: %rl-analyze-stub %s --gpu=L40S,H100 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --gpu=L40S,H100 --format=text \
// RUN:   | FileCheck %s --check-prefix=TEXT
#include "cuda.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void run(const float *x, float *y) {
  const int n = 1 << 24;
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
}

// CHECK: "gpus": [
// CHECK: "name": "L40S",
// CHECK: "name": "H100 SXM",
// CHECK: "ridge_point": {{106\.01[0-9]*}},
// CHECK: "verdicts": [
// CHECK-NEXT: {
// CHECK-NEXT: "gpu": "L40S",
// CHECK-NEXT: "precision": "fp32",
// CHECK-NEXT: "ridge_point": {{106\.01[0-9]*}},
// CHECK-NEXT: "intensity": {{0\.1666[0-9]*}},
// CHECK-NEXT: "attainable_flops": 144000000000,
// CHECK: "memory_time_s": {{0\.000233016[0-9]*}},
// CHECK: "bound": "dram",
// CHECK: "gpu": "H100 SXM",
// CHECK-NEXT: "precision": "fp32",
// CHECK-NEXT: "ridge_point": 20,
// CHECK-NEXT: "intensity": {{0\.1666[0-9]*}},
// CHECK-NEXT: "attainable_flops": {{558333333333\.3[0-9]*}},
// CHECK: "memory_time_s": {{6\.7667[0-9]*e-05}},
// CHECK: "bound": "dram",

// TEXT: GPU       bound  predicted  intensity            ridge        compute    DRAM         L2           L1
// TEXT-NEXT: L40S      dram   235 us     0.167 FLOP/B (DRAM)  106 FLOP/B   366 ns 0%  233 us 99%
// TEXT-NEXT: H100 SXM  dram   69.9 us    0.167 FLOP/B (DRAM)  20.0 FLOP/B  501 ns 1%  67.7 us 97%
