// REQUIRES: cuda-toolkit
// A texture object over pitched rows (cudaResourceTypePitch2D) reads width x
// height elements of its channel description (cudaCreateChannelDesc(32, 0,
// 0, 0, float): 4 bytes); the rows' padding is never read. 256 x 128
// floats: 128 KiB.
// RUN: %rl-analyze %s --gpu=H200 --format=json | FileCheck %s
#include <cstring>
#include <cuda_runtime.h>

__global__ void copyOut(cudaTextureObject_t tex, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  out[y * w + x] = tex2D<float>(tex, x, y);
}

int main() {
  int w = 256, h = 128;
  float *rows;
  size_t pitch;
  cudaMallocPitch((void **)&rows, &pitch, w * sizeof(float), h);
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypePitch2D;
  res.res.pitch2D.devPtr = rows;
  res.res.pitch2D.desc =
      cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  res.res.pitch2D.width = w;
  res.res.pitch2D.height = h;
  res.res.pitch2D.pitchInBytes = pitch;
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  cudaTextureObject_t tex;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  float *out;
  cudaMalloc(&out, w * h * sizeof(float));
  copyOut<<<dim3(1, h), w>>>(tex, out, w);
  return 0;
}

// CHECK: "arrays": [
// CHECK: "name": "tex",
// CHECK: "allocated_bytes": 131072
