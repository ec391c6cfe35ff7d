// The text output prints a kernel's findings once, after its last launch:
// the bank conflict of the column read is the same for the two 32x32
// launches and is marked with the launches it applies to; the 1x32 launch
// has a different one (its warps span threadIdx.y).
// RUN: %rl-analyze-stub %s --launches %S/Inputs/findings-once.json \
// RUN:   --gpu=L40S --no-resources | FileCheck %s
#include "cuda.h"

__global__ void column(const float *in, float *out) {
  __shared__ float tile[32][32];
  int base = blockIdx.x * 1024;
  tile[threadIdx.y][threadIdx.x] = in[base + threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// CHECK: column [big]
// CHECK-NOT: rl-bank-conflict
// CHECK: column [small]
// CHECK-NOT: rl-bank-conflict
// CHECK: column [rows]
// CHECK: output-findings-once.cu:14:48: warning: shared-memory load of 'tile' is a 32-way bank conflict{{.*}}[rl-bank-conflict]  (launches [big], [small])
// CHECK-NEXT: fix-it:
