// ptxas sets a register to a constant with `HFMA2.MMA R, -RZ, RZ, imm, imm`,
// and Nsight Compute's fp16 counter counts each such instruction as an FMA
// (2 FLOPs per thread). The source has no arithmetic here, so hardware_flops
// is 0, while the verdict's issue model counts the moves the compiled code
// runs: one per thread that passes the guard, 2 x 4096 threads. `measure`
// and the real-code benchmark add them to hardware_flops when they compare
// it with the counters.
// REQUIRES: cuda-toolkit, nvdisasm
// RUN: %rl-analyze %s --gpu=H100 --format=json | FileCheck %s
#include "cuda.h"

__global__ void setconst(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = 1.0f, b = 2.0f;
  if (i < n) {
    out[2 * i] = a;
    out[2 * i + 1] = b;
  }
}

void run(float *out) { setconst<<<16, 256>>>(out, 4096); }

// CHECK: "hardware_flops": 0,
// CHECK: "issue": {
// CHECK: "hardware_flops": 0.0,
// CHECK-NEXT: "constant_move_flops": 8192.0,
