// A WMMA GEMM straight from global memory: each warp owns a 16x16 tile of C
// and walks K in steps of 16. One mma_sync is 2*16*16*16 FLOPs for the
// warp, so the launch does 2*M*N*K fp16 tensor FLOPs (none on the CUDA
// cores). Each fragment load moves a 16x16 half tile (512 B) per warp, the
// store a 16x16 float tile (1 KB).
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --launch 'wmma_gemm:grid=4x4,block=128x4' \
// RUN:   --bind M=256 --bind N=256 --bind K=256 --gpu=H100 --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze %s --launch 'wmma_gemm:grid=4x4,block=128x4' \
// RUN:   --bind M=256 --bind N=256 --bind K=256 --gpu=H100 \
// RUN:   | FileCheck %s --check-prefix=TEXT
#include <mma.h>
using namespace nvcuda;

__global__ void wmma_gemm(const half *a, const half *b, float *c, int M,
                          int N, int K) {
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int warpN = blockIdx.y * blockDim.y + threadIdx.y;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(af, a + warpM * 16 * K + k, K);
    wmma::load_matrix_sync(bf, b + warpN * 16 * K + k, K);
    wmma::mma_sync(acc, af, bf, acc);
  }
  wmma::store_matrix_sync(c + warpM * 16 * N + warpN * 16, acc, N,
                          wmma::mem_row_major);
}

// 256 warps x 16 steps x (512 + 512) B; 256 warps x 1 KB stored.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 0,
// CHECK: "global_load_bytes": 4194304,
// CHECK: "global_store_bytes": 262144,
// 256 warps x 16 steps x 8192 FLOPs = 2 * 256^3.
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 33554432,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "tf32": 0,
// CHECK: "tensor_flops_total": 33554432,
// The verdict is on the fp16 tensor roof: 989 TFLOP/s over 3.35 TB/s.
// CHECK: "verdicts": [
// CHECK: "ridge_point": {{295\.2[0-9]*}},
// CHECK: "roof": "tensor fp16"
// The FLOPs line counts the tensor cores' FLOPs with their precision; its
// formulas are the CUDA cores'.
// TEXT: FLOPs {{ *}}33,554,432  (tensor fp16 33.6 MFLOP)  CUDA cores  = 0  per thread: 0
// TEXT: tensor {{.*}}33,554,432  (tensor fp16 33.6 MFLOP)
// The bound and the time depend on whether the machine code is read (the
// issue model, with nvdisasm) or not; the roof does not.
// TEXT: H100 SXM  {{.*}}  64.0 FLOP/B (DRAM{{(, latency)?}})  {{.*}} FLOP/B (tensor fp16)
