// REQUIRES: cuda-toolkit
// Converting a __half or __nv_bfloat16 element to float reads it: the
// conversion operator is a library member function called on the element.
// RUN: %rl-analyze %s --format=json | FileCheck %s
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void toFloat(const __half *h, const __nv_bfloat16 *b, float *y,
                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = static_cast<float>(h[i]) + (float)b[i];
}

void run(const __half *h, const __nv_bfloat16 *b, float *y) {
  toFloat<<<4, 256>>>(h, b, y, 1000);
}

// 2 + 2 bytes read and 4 written per element, one fp32 add.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 1000,
// CHECK: "global_load_bytes": 4000,
// CHECK: "global_store_bytes": 4000,
