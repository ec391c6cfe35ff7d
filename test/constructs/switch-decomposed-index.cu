// A switch on the thread's own index math (`switch ((tid % 72) / 4 + 1)`,
// no default): each case runs on the threads whose value is its label, 4
// of every 72, exactly; not "one case per thread, which depends on data".
// RUN: %rl-analyze-stub %s --launch 'cases:grid=72,block=256' \
// RUN:   --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void cases(float *out, const float *in) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int Case = (tid % 72) / 4 + 1;
  float v = in[tid];
  switch (Case) {
  case 1:
    v = v * 2.0f + 1.0f;
    break;
  case 2:
    v = v * 3.0f + 1.0f;
    break;
  case 3:
    v = v * v * v + 2.0f;
    break;
  case 18:
    v = v * 5.0f + 1.0f;
    break;
  }
  out[tid] = v;
}

// 256 periods of 72 threads, 4 threads of each case, 2 + 2 + 3 + 2 FLOPs.
// CHECK-LABEL: "name": "cases"
// CHECK: "flops": 9216,
// CHECK: "range_reasons": []
