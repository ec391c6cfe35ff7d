// REQUIRES: cuda-toolkit
// warpSize is a constant, not a global variable read from memory; warp
// leaders (lane == 0) are counted exactly.
// RUN: %rl-analyze %s --format=json | FileCheck %s
__global__ void leaders(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  float v = i < n ? x[i] : 0.0f;
  if (lane == 0)
    out[i / warpSize] = v;
}

void run(const float *x, float *out) { leaders<<<4, 256>>>(x, out, 1000); }

// CHECK: "global_load_bytes": 4000,
// CHECK: "global_store_bytes": 128,
