// A static kernel has internal linkage: clang mangles it _ZL5scalePfi, the
// cubin names it _Z5scalePfi. Its machine code is found through the entry
// ptxas reports for it, so the issue model and the launch's code bytes
// cover it as they cover any kernel.
// REQUIRES: cuda-toolkit, nvdisasm
// RUN: %rl-analyze %s --gpu=H100 --format=json | FileCheck %s
#include "cuda.h"

static __global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

void run(float *x) { scale<<<64, 256>>>(x, 64 * 256); }

// CHECK: "mangled_name": "_ZL5scalePfi",
// CHECK: "issue": {
// CHECK-NEXT: "warp_instructions": {{[1-9]}}
