// A multi-GPU program runs one OpenMP thread per GPU: omp_set_num_threads
// sets the team, and the parallel region's launch is sized by
// omp_get_num_threads (cuda-samples' cudaOpenMP). The region runs once, as
// thread 0 of that team, and says so. Without omp_set_num_threads the
// team's size is the machine's and stays unknown.
// RUN: %rl-analyze %s --gpu H200 --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <omp.h>
__global__ void addConstant(int *a, int b) {
  a[blockIdx.x * blockDim.x + threadIdx.x] += b;
}
int main() {
  int gpus = 0;
  cudaGetDeviceCount(&gpus);
  unsigned n = gpus * 8192;
  omp_set_num_threads(gpus);
#pragma omp parallel
  {
    unsigned id = omp_get_thread_num();
    unsigned threads = omp_get_num_threads();
    int *d = 0;
    cudaSetDevice(id % gpus);
    cudaMalloc((void **)&d, n / threads * sizeof(int));
    addConstant<<<n / (128 * threads), 128>>>(d, 3);
  }
  return 0;
}
void unsized(int *d) {
#pragma omp parallel
  addConstant<<<8192 / omp_get_num_threads(), 128>>>(d, 1);
}
// CHECK: addConstant grid=64x1x1 block=128x1x1 args=b=3 chain=main count=1
// CHECK-NEXT: note: one GPU (cudaGetDeviceCount)
// CHECK-NEXT: note: as OpenMP thread 0 of 1 (omp_set_num_threads at
// CHECK-SAME: openmp-team-per-gpu.cu:15)
// CHECK: addConstant grid=?x1x1 block=128x1x1 args=b=1
// CHECK-NEXT: note: grid.x is not known from the source: the number of
// CHECK-SAME: OpenMP threads (omp_get_num_threads at
// CHECK-SAME: openmp-team-per-gpu.cu:29) is known only at run time
// CHECK: entries: 2
