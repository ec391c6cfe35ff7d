// REQUIRES: cuda-toolkit
// The texture units return four fetches per SM per clock: a 17-tap filter
// fetches 17 texels per thread, and on the H200 (132 SMs, 1.98 GHz) its
// 17.8M fetches take 17.8M / (528 x 1.98 G) = 17 us, far more than the
// L1 bytes at the L1 bandwidth: the texture units set the L1 time.
// RUN: %rl-analyze %s --gpu=H200 | FileCheck %s
#include <cuda_runtime.h>

__global__ void filter(cudaTextureObject_t tex, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  float s = 0;
  for (int k = -8; k <= 8; ++k)
    s += tex2D<float>(tex, x + k, y);
  out[y * w + x] = s;
}

void run(cudaTextureObject_t tex, float *out) {
  filter<<<dim3(4, 1024), 256>>>(tex, out, 1024);
}

// CHECK: H200 l1
// CHECK: note: the L1 time is the texture units': 17.8M texture fetches at
// CHECK-SAME: 1050 G fetches/s on H200 (4 per SM per clock)
