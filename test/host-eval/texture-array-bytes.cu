// REQUIRES: cuda-toolkit
// A texture object made from a CUDA array reads the array's bytes: width x
// height elements of the channel description's size (cudaMallocArray of a
// 1024 x 512 float array: 2 MiB). The kernel's fetches through the object
// are bounded by them.
// RUN: %rl-analyze %s --gpu=H200 --format=json | FileCheck %s
#include <cstring>
#include <cuda_runtime.h>

__global__ void copyOut(cudaTextureObject_t tex, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  out[y * w + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

int main() {
  int w = 1024, h = 512;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  cudaMallocArray(&array, &desc, w, h);
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  cudaTextureObject_t tex;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  float *out;
  cudaMalloc(&out, w * h * sizeof(float));
  copyOut<<<dim3(w / 256, h), 256>>>(tex, out, w);
  return 0;
}

// CHECK: "arrays": [
// CHECK: "name": "tex",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 2097152,
// CHECK: "dram_bytes": 2097152,
// CHECK-NEXT: "allocated_bytes": 2097152
