// REQUIRES: cuda-toolkit
// A texture fetch is one fetch by the texture units and a load of its texel
// from the memory behind the object. Its address follows the coordinates:
// `x + k + 0.5f` is texel x + k, so a 5-tap row filter over a 64 x 64 block
// grid of 16 x 16 threads touches 1028 texels in each of 1024 rows
// (4,210,688 bytes), not five texels per thread, and each block fetches its
// own 20 x 16 texels once.
// RUN: %rl-analyze %s --format=json | FileCheck %s
#include <cuda_runtime.h>

__global__ void blurRows(cudaTextureObject_t tex, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float s = 0;
  for (int k = -2; k <= 2; ++k)
    s += tex2D<float>(tex, x + k + 0.5f, y + 0.5f);
  out[y * w + x] = s;
}

void run(cudaTextureObject_t tex, float *out) {
  blurRows<<<dim3(64, 64), dim3(16, 16)>>>(tex, out, 1024);
}

// CHECK: "totals": {
// CHECK: "global_load_bytes": 20971520,
// CHECK: "texture_fetches": 5242880,
// CHECK: "arrays": [
// CHECK: "name": "tex",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 4210688,
// CHECK: "assumptions": [
// CHECK: texture 'tex': a texel's address taken as row-major in its
// CHECK-SAME: coordinates
