// WMMA fragments read from a shared tile whose rows are skewed by 16
// halves (144 halves, 288 bytes: 32 mod 128) put lines 0 and 4 of every
// 8-line phase on the same banks: two wavefronts where one would do. A
// skew of 8 halves (136, 272 bytes: 16 mod 128) puts the eight lines on
// distinct banks. The bytes are the same; the L1's wavefront bytes differ.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --launch 'skew16:grid=132,block=32' \
// RUN:   --launch 'skew8:grid=132,block=32' --format=json | FileCheck %s
#include <mma.h>
using namespace nvcuda;

template <int Ld> __device__ void tiles(float *c) {
  __shared__ half tile[16 * Ld];
  for (int i = threadIdx.x; i < 16 * Ld; i += 32)
    tile[i] = __float2half(1.0f);
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < 64; ++k) {
    wmma::load_matrix_sync(af, tile, Ld);
    wmma::load_matrix_sync(bf, tile + 16, Ld);
    wmma::mma_sync(acc, af, bf, acc);
  }
  wmma::store_matrix_sync(c + blockIdx.x * 256, acc, 16, wmma::mem_row_major);
}

__global__ void skew16(float *c) { tiles<144>(c); }
__global__ void skew8(float *c) { tiles<136>(c); }

// 132 warps x 64 steps x two 512-byte fragments: 8,650,752 bytes read from
// shared memory either way. The wavefronts: the fragment loads twice over
// at the 16-half skew (17,301,504), once at the 8-half one; the tile's
// fill adds 1,216,512 and 1,148,928 (16 x 144 and 16 x 136 halves, two
// bytes a lane, 32 lanes to a wavefront).
// CHECK-LABEL: "name": "skew16",
// CHECK: "shared_load_bytes": 8650752,
// CHECK: "shared_wavefront_bytes": 18518016,
// CHECK-LABEL: "name": "skew8",
// CHECK: "shared_load_bytes": 8650752,
// CHECK: "shared_wavefront_bytes": 9799680,
