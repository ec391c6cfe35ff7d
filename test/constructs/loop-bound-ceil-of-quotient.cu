// A loop bound computed in the kernel with the math library,
// `ceil((double)n / (double)BLOCK)` (Rodinia's particle filter sums its
// partial sums so), is the integer quotient rounded up: for n = 1000 and
// blocks of 512, thread 0 adds 2 partial sums after its one fp64 division
// (3 FLOPs); floor gives 1 (2 FLOPs).
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

const int threads_per_block = 512;
extern "C" __device__ double ceil(double);
extern "C" __device__ double floor(double);

__global__ void sumPartials(double *partial, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i == 0) {
    double sum = 0.0;
    int blocks = ceil((double)n / (double)threads_per_block);
    for (int x = 0; x < blocks; x++)
      sum += partial[x];
    partial[0] = sum;
  }
}

__global__ void sumWhole(double *partial, int n) {
  if (blockIdx.x * blockDim.x + threadIdx.x == 0) {
    double sum = 0.0;
    int whole = (int)floor(n / 512.0);
    for (int x = 0; x < whole; x++)
      sum += partial[x];
    partial[0] = sum;
  }
}

void run(double *partial) {
  sumPartials<<<2, 512>>>(partial, 1000);
  sumWhole<<<2, 512>>>(partial, 1000);
}

// CHECK-LABEL: "name": "sumPartials"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 3,
// CHECK: "range_reasons": []
// CHECK-LABEL: "name": "sumWhole"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 2,
// CHECK: "range_reasons": []
