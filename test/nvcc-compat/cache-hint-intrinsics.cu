// sm_32 cache-hint loads and stores clang's wrapper lacks (__ldlu, __ldca,
// __stcs, __stcg, __stwb), for scalar, vector and half2 types, are
// analysed and counted as global loads and stores of their type.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
#include <cuda_fp16.h>
__global__ void hints(float *f, float4 *v, int4 *q, __half2 *h) {
  int i = threadIdx.x;
  __stcs(&f[i], __ldlu(&f[i + 32]));
  __stwb(&v[i], __ldca(&v[i + 32]));
  __stcg(&q[i], __ldlu(&q[i + 32]));
  __stcs(&h[i], __ldca(&h[i + 32]));
}
int main() { hints<<<1, 32>>>(nullptr, nullptr, nullptr, nullptr); }
// One thread: 4 + 16 + 16 + 4 bytes loaded and as many stored.
// CHECK: "per_thread": {
// CHECK: "global_load_bytes": "40",
// CHECK: "global_store_bytes": "40",
