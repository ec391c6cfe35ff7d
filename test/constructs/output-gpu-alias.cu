// GPU names are matched loosely: h100 is the H100 SXM, rtx5090 the RTX 5090,
// l40s the L40S. An unknown name is a usage error (exit 2).
// RUN: %rl-analyze-stub %s --gpu=h100 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --gpu=l40s,rtx5090 --format=json \
// RUN:   | FileCheck %s --check-prefix=TWO
// RUN: not %rl-analyze-stub %s --gpu=nosuchgpu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
#include "cuda.h"

__global__ void touch(float *y) { y[threadIdx.x] = 1.0f; }

// CHECK: "gpu": {
// CHECK-NEXT: "name": "H100 SXM",
// CHECK-NEXT: "full_name": "NVIDIA H100 SXM5 80GB",
// CHECK-NEXT: "compute_capability": "9.0",

// TWO: "gpus": [
// TWO: "name": "L40S",
// TWO: "name": "RTX 5090",

// BAD: error: unknown GPU 'nosuchgpu'
