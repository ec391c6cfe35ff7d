// A pointer passed past the start of its buffer bounds the array by what is
// left of the buffer from there: `table + 1024` of a 4096-float buffer
// leaves 3072 floats (12 KB) for the kernel's gather.
// RUN: %rl-analyze-stub %s --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void gather(const int *idx, const float *table, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = table[idx[i]];
}

int main() {
  int n = 1 << 16, m = 4096;
  int *idx;
  float *table, *out;
  cudaMalloc((void **)&idx, n * sizeof(int));
  cudaMalloc((void **)&table, m * sizeof(float));
  cudaMalloc((void **)&out, n * sizeof(float));
  gather<<<n / 256, 256>>>(idx, table + 1024, out);
  return 0;
}

// CHECK: "name": "table",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 12288,
// CHECK: "allocated_bytes": 12288
