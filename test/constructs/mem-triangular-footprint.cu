// A loop whose range is the thread's own row, `for (j = 0; j <= i; ++j)` over
// A[i * N + j]: the footprint is the triangle, N * (N + 1) / 2 elements, not
// the range of the first thread and not the whole square.
// RUN: %rl-analyze-stub %s --launch 'rowsums:grid=16,block=256' --bind N=4096 \
// RUN:   --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void rowsums(const float *A, float *y, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    float s = 0.0f;
    for (int j = 0; j <= i; ++j)
      s += A[i * N + j];
    y[i] = s;
  }
}

// 4096 * 4097 / 2 = 8390656 loads and elements of A (33562624 bytes), plus
// 4096 floats of y.
// CHECK: "global_loads": 8390656,
// CHECK: "footprint_bytes": 33579008,
// CHECK-NEXT: "dram_bytes": 33579008,
// CHECK: "name": "A",
// CHECK: "footprint_bytes": 33562624,
// CHECK-NEXT: "footprint_exact": true,
