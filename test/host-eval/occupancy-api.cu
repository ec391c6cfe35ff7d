// Launch sizes from the runtime's occupancy calculator are the runtime's
// answers on the first --gpu: the kernel's registers and shared memory come
// from compiling the file with nvcc, and cuda_occupancy.h does the rest.
// cudaOccupancyMaxPotentialBlockSize gives the largest block of the highest
// occupancy (1024 for a small kernel on sm_90, its __launch_bounds__ when it
// has them) and the grid that fills every SM once; the blocks per SM of
// cudaOccupancyMaxActiveBlocksPerMultiprocessor size a persistent grid.
// Without resources the sizes stay unknown and say why.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t
// RUN: %rl-analyze %s --gpu H200 --no-config --resource-cache-dir=%t --format=json | %python %inputs/launches.py | FileCheck %s
// RUN: %rl-analyze %s --gpu H200 --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=NORES
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
__global__ void __launch_bounds__(256) bounded(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}
__global__ void persistent(float *x, int n) {
  extern __shared__ float tile[];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    tile[threadIdx.x] = x[i];
    x[i] = tile[threadIdx.x] + 1.0f;
  }
}
int main() {
  int n = 1 << 24;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  int minGrid = 0, block = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, scale, 0, 0);
  scale<<<(n + block - 1) / block, block>>>(x, n);
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, bounded);
  bounded<<<minGrid, block>>>(x, n);
  int perSm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, persistent, 256,
                                                48 * 1024);
  persistent<<<perSm * 132, 256, 48 * 1024>>>(x, n);
  return 0;
}
// CHECK: scale grid=16384x1x1 block=1024x1x1 args=n=16777216 chain=main count=1
// CHECK-NEXT: note: occupancy as the runtime computes it on H200 (the first --gpu), from nvcc's registers for sm_90
// CHECK: bounded grid=1056x1x1 block=256x1x1 args=n=16777216 chain=main count=1
// CHECK: persistent grid=528x1x1 block=256x1x1 args=n=16777216 chain=main count=1
// CHECK: entries: 3
// NORES: scale grid=?x1x1 block=?x1x1
// NORES-NEXT: note: grid.x is not known from the source: `block` comes from cudaOccupancyMaxPotentialBlockSize at occupancy-api.cu:36 (the kernel's registers are not known: resources were not computed (--no-resources))
