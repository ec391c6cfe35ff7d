// REQUIRES: cuda-toolkit
// Page-locked host memory (cudaHostAlloc) that a kernel reads through the
// pointer cudaHostGetDevicePointer gives is zero-copy memory: its traffic
// crosses the host link, not DRAM. Two 4 MiB inputs are read and a 4 MiB
// output written over the H200's PCIe Gen5 link (64 GB/s each way): the
// reads set the time, 8.39 MB / 64 GB/s = 131 us, and DRAM moves nothing:
// the launch's compulsory DRAM footprint is 0. At that roof, the advice is
// about the link, not DRAM.
// RUN: %rl-analyze %s --gpu=H200 --format=json | FileCheck %s
// RUN: %rl-analyze %s --gpu=H200 | FileCheck %s --check-prefix=TEXT
#include <cuda_runtime.h>

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  int n = 1 << 20;
  size_t bytes = n * sizeof(float);
  float *a, *b, *c, *da, *db, *dc;
  cudaSetDeviceFlags(cudaDeviceMapHost);
  cudaHostAlloc((void **)&a, bytes, cudaHostAllocMapped);
  cudaHostAlloc((void **)&b, bytes, cudaHostAllocMapped);
  cudaHostAlloc((void **)&c, bytes, cudaHostAllocMapped);
  cudaHostGetDevicePointer((void **)&da, a, 0);
  cudaHostGetDevicePointer((void **)&db, b, 0);
  cudaHostGetDevicePointer((void **)&dc, c, 0);
  add<<<n / 256, 256>>>(da, db, dc, n);
  cudaDeviceSynchronize();
  return 0;
}

// CHECK: "totals": {
// CHECK: "footprint_bytes": 0,
// CHECK: "dram_bytes": 0,
// CHECK: "bound": "dram",
// CHECK: "predicted_time_s":
// CHECK: "notes": [
// CHECK-NEXT: "zero-copy host memory: 8.39 MB read and 4.19 MB written over
// CHECK-SAME: the host link at 64.0 GB/s each way (H200's datasheet rate)
// CHECK-SAME: take 131 us, part of the memory time"
// CHECK: "assumptions": [
// CHECK: 'a' is page-locked host memory (zero-copy): its 4.2 MB read and 0 B
// CHECK-SAME: written cross the host link, not DRAM
// TEXT: at its roof on H200 (dram): its memory time is zero-copy host memory
// TEXT-SAME: crossing the host link: only fewer bytes over the link
