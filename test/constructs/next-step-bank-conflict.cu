// The next step of an L1-bound launch whose shared load is a 32-way bank
// conflict: re-priced with the load conflict-free (one wavefront per
// request instead of 32), L1 is no longer the bound and DRAM is: 283 us ->
// 187 us on an H100 (each with the 2.26 us every launch takes there).
// RUN: %rl-analyze-stub %s --gpu H100 --launch 'column:grid=65536,block=32x32' \
// RUN:   | FileCheck %s
// CHECK: H100 SXM  l1     283 us
// CHECK: next       make the shared load of 'tile' at {{.*}}next-step-bank-conflict.cu:16:48 conflict-free: -96.0 us of 283 us on H100 SXM (then dram-bound)
#include "cuda.h"

__global__ void column(const float *in, float *out) {
  __shared__ float tile[32][32];
  int base = blockIdx.x * 1024;
  tile[threadIdx.y][threadIdx.x] = in[base + threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
