// Three element-wise kernels in sequence, each reading what the previous one
// wrote: t1 = a*x; t2 = t1 + b; d = relu(t2). As three kernels they move
// 24 B per element for 2 FLOPs (AI 1/12); fused, 8 B (read x, write d).
// The last launch reads only x, which no kernel wrote: not part of a chain.
// RUN: %rl-analyze-stub %s --format=diagnostics | FileCheck %s
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s --check-prefix=JSON
#include "cuda.h"

__global__ void scale(const float *x, float *t1, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    t1[i] = a * x[i];
}

__global__ void add_bias(const float *t1, float *t2, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    t2[i] = t1[i] + b;
}

__global__ void relu(const float *t2, float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = fmaxf(t2[i], 0.0f);
}

void run(const float *x, float *t1, float *t2, float *d, float *e) {
  constexpr int n = 1 << 20;
  scale<<<n / 256, 256>>>(x, t1, 2.0f, n);
  add_bias<<<n / 256, 256>>>(t1, t2, 1.0f, n);
  relu<<<n / 256, 256>>>(t2, d, n);
  scale<<<n / 256, 256>>>(x, e, 3.0f, n);
}

// 3 x 8 MiB = 25165824 bytes = 25.2 MB; fused 8 MiB = 8.4 MB.
// CHECK: fusion-chain.cu:29:3: remark: kernels scale -> add_bias -> relu pass data through DRAM: together they move 25.2 MB, fused at least 8.4 MB (24.0 vs 8.0 B per element); fusing these kernels would save 16.8 MB (assuming the intermediate buffers are not used afterwards) [rl-fusion]
// CHECK-NOT: rl-fusion

// JSON: "id": "rl-fusion",
