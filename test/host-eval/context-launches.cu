// A site the program runs with a different grid each time (a wavefront that
// grows: step<<<i, 32>>> for i = 1..100) is one entry whose contexts are
// summed (32 x (1 + ... + 100) = 161,600 FLOPs); each launch configuration
// also keeps what one launch of it costs, in program order, so that a
// profiler's launch of that grid can be set beside its own prediction: 32
// threads per block each adding 1 to a float (1 FLOP, 4 bytes read and 4
// written). The first 64 configurations are kept, the other 36 counted.
// RUN: %rl-analyze-stub %s --gpu=H100 --format=json | FileCheck %s
#include "cuda.h"

__global__ void step(float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = v[i] + 1.0f;
}

int main() {
  float *v;
  cudaMalloc((void **)&v, 4096 * sizeof(float));
  for (int i = 1; i <= 100; ++i)
    step<<<i, 32>>>(v);
  return 0;
}

// CHECK: "context_sum": {
// CHECK: "contexts": 100,
// CHECK: "launches": 100,
// CHECK: "flops": 161600,
// CHECK: "by_launch": [
// CHECK: "grid": [
// CHECK-NEXT: 1,
// CHECK: "launches": 1,
// CHECK: "flops": 32,
// CHECK: "dram_bytes": 256,
// CHECK: "predicted_time_s":
// CHECK: "grid": [
// CHECK-NEXT: 2,
// CHECK: "flops": 64,
// CHECK: "flops": 2048,
// CHECK: "by_launch_dropped": 36
