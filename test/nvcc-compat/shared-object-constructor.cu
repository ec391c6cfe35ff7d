// A __shared__ object with a constructor: clang rejects it ("initialization
// is not supported for __shared__ variables"), nvcc warns and compiles it.
// Both kernels are analysed, the one that declares the object included.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// CHECK: "name": "with_barrier",
// CHECK: "flops": "1",
// CHECK: "name": "plain",
// CHECK: "not_analysed": [],
// CHECK-NOT: rl-frontend-error
#include <cuda/barrier>
__global__ void with_barrier(float *p) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  p[threadIdx.x] *= 2.0f;
  bar.arrive_and_wait();
}
__global__ void plain(float *p) { p[threadIdx.x] += 1.0f; }
int main() {
  with_barrier<<<1, 32>>>(nullptr);
  plain<<<1, 32>>>(nullptr);
}
