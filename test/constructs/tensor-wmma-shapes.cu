// Every WMMA fragment shape and element type is 2*M*N*K tensor FLOPs per
// warp-level mma_sync, counted under its input precision: half (three
// shapes), bf16, tf32 (m16n16k8), signed and unsigned char, double
// (m8n8k4), and half with a half accumulator (fp16, also given apart as
// tensor_flops_fp16_acc16). One warp each.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --launch 'h16:grid=1,block=32' \
// RUN:   --launch 'h32x8:grid=1,block=32' --launch 'h8x32:grid=1,block=32' \
// RUN:   --launch 'b16:grid=1,block=32' --launch 't32:grid=1,block=32' \
// RUN:   --launch 's8:grid=1,block=32' --launch 'u8:grid=1,block=32' \
// RUN:   --launch 'd64:grid=1,block=32' --launch 'hacc:grid=1,block=32' \
// RUN:   --format=json | FileCheck %s
#include <mma.h>
using namespace nvcuda;

template <int M, int N, int K, typename In, typename Acc>
__device__ void one_mma() {
  wmma::fragment<wmma::matrix_a, M, N, K, In, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, M, N, K, In, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, M, N, K, Acc> c;
  wmma::fill_fragment(c, Acc(0));
  wmma::mma_sync(c, a, b, c);
}

__global__ void h16() { one_mma<16, 16, 16, half, float>(); }
__global__ void h32x8() { one_mma<32, 8, 16, half, float>(); }
__global__ void h8x32() { one_mma<8, 32, 16, half, float>(); }
__global__ void b16() { one_mma<16, 16, 16, __nv_bfloat16, float>(); }
__global__ void t32() { one_mma<16, 16, 8, wmma::precision::tf32, float>(); }
__global__ void s8() { one_mma<16, 16, 16, signed char, int>(); }
__global__ void u8() { one_mma<16, 16, 16, unsigned char, int>(); }
__global__ void d64() { one_mma<8, 8, 4, double, double>(); }
__global__ void hacc() {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> c;
  wmma::fill_fragment(c, half(0));
  wmma::mma_sync(c, a, b, c);
}

// CHECK-LABEL: "name": "h16"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 8192,
// CHECK-LABEL: "name": "h32x8"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 8192,
// CHECK-LABEL: "name": "h8x32"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 8192,
// CHECK-LABEL: "name": "b16"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 8192,
// CHECK-LABEL: "name": "t32"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 0,
// CHECK-NEXT: "tf32": 4096,
// CHECK-LABEL: "name": "s8"
// CHECK: "tensor_flops": {
// CHECK: "fp8": 0,
// CHECK-NEXT: "int8": 8192,
// CHECK-LABEL: "name": "u8"
// CHECK: "tensor_flops": {
// CHECK: "int8": 8192,
// CHECK-LABEL: "name": "d64"
// CHECK: "tensor_flops": {
// CHECK: "fp64": 512,
// CHECK-LABEL: "name": "hacc"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 8192,
// CHECK: "tensor_flops_fp16_acc16": 8192
