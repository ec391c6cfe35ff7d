// Fragments loaded from shared memory are shared-memory traffic, not
// global: one 16x16 bf16 tile is 512 B for the warp (16 B per thread). The
// tile staged into shared memory is the only global traffic.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --launch 'staged:grid=8,block=32' --format=json \
// RUN:   | FileCheck %s
#include <mma.h>
using namespace nvcuda;

__global__ void staged(const __nv_bfloat16 *a, float *c) {
  __shared__ __nv_bfloat16 tile[16 * 16];
  for (int i = threadIdx.x; i < 256; i += 32)
    tile[i] = a[blockIdx.x * 256 + i];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(af, tile, 16);
  wmma::load_matrix_sync(bf, tile, 16);
  wmma::mma_sync(acc, af, bf, acc);
  wmma::store_matrix_sync(c + blockIdx.x * 256, acc, 16, wmma::mem_col_major);
}

// 8 blocks x 256 x 2 B staged; 8 x 1 KB of C.
// CHECK: "global_load_bytes": 4096,
// CHECK: "global_store_bytes": 8192,
// Two 512 B tiles per warp from shared memory, 256 x 2 B stored there.
// CHECK: "shared_load_bytes": 8192,
// CHECK-NEXT: "shared_store_bytes": 4096,
// 8 warps x 8192.
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 65536,
