// A WMMA kernel without a launch: the tensor FLOPs are shown as their
// formula beside the CUDA-core FLOPs (8192 per warp and k step of 16).
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s | FileCheck %s
#include <mma.h>
using namespace nvcuda;

__global__ void steps(const half *a, float *c, int K) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(af, a + k, K);
    wmma::load_matrix_sync(bf, a + k, K);
    wmma::mma_sync(acc, af, bf, acc);
  }
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// CHECK: FLOPs      0
// CHECK-NEXT: tensor     256*blockDim.x*gridDim.x*ceildiv(K, 16)
