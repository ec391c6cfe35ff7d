// cudaFuncGetAttributes answers what compiling the kernel decides: its
// largest block (its __launch_bounds__ here, else where one block's
// registers fit) and its static shared memory, from nvcc on the first
// --gpu's architecture. Host code that sizes its launch by them is bound.
// The fields a compile does not decide, and all of them without resources,
// stay unknown and say where they come from.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t
// RUN: %rl-analyze %s --gpu H200 --no-config --resource-cache-dir=%t --format=json | %python %inputs/launches.py | FileCheck %s
// RUN: %rl-analyze %s --gpu H200 --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=NORES
__global__ void __launch_bounds__(256)
    bounded(float *x, int n, unsigned staticBytes) {
  __shared__ float tile[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (i < n)
    x[i] = tile[255 - threadIdx.x] + staticBytes;
}
int main() {
  int n = 1 << 20;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, bounded);
  int block = attr.maxThreadsPerBlock;
  bounded<<<n / block, block>>>(x, n, attr.sharedSizeBytes);
  return 0;
}
// CHECK: bounded grid=4096x1x1 block=256x1x1
// CHECK-SAME: args=n=1048576,staticBytes=4096 chain=main count=1
// CHECK: entries: 1
// NORES: bounded grid=?x1x1 block=?x1x1
// NORES-NEXT: note: grid.x is not known from the source: `maxThreadsPerBlock`
// NORES-SAME: comes from cudaFuncGetAttributes at func-attributes-api.cu:25
// NORES-SAME: (the kernel's registers are not known: resources were not
// NORES-SAME: computed (--no-resources))
