// Pointers moved by the kernel: `A += row * K` before the loop and `A += T;
// B += T * N;` once per iteration of the k-loop (a shared-memory tiled
// matrix multiply). Each bump is followed, so every access addresses the
// tile of its iteration: the footprint is every element of A, B and C, and
// DRAM reads are never below it.
// RUN: %rl-analyze-stub %s --launch 'bumped:grid=8x8,block=256' \
// RUN:   --bind N=128 --bind K=128 --gpu=H200 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'bumped:grid=256x256,block=256' \
// RUN:   --bind N=4096 --bind K=4096 --gpu=H200 --format=json \
// RUN:   | FileCheck %s --check-prefix=BIG
#include "cuda.h"

__global__ void bumped(const float *A, const float *B, float *C, int N,
                       int K) {
  const int T = 16;
  __shared__ float As[T * T];
  __shared__ float Bs[T * T];
  int row = threadIdx.x / T, col = threadIdx.x % T;
  A += blockIdx.y * T * K;
  B += blockIdx.x * T;
  C += blockIdx.y * T * N + blockIdx.x * T;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += T) {
    As[row * T + col] = A[row * K + col];
    Bs[row * T + col] = B[row * N + col];
    __syncthreads();
    A += T;
    B += T * N;
    for (int k = 0; k < T; ++k)
      acc += As[row * T + k] * Bs[k * T + col];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

// 128 x 128 floats each: 3 * 65536 bytes.
// CHECK: "totals": {
// CHECK-NEXT: "flops": 4194304,
// CHECK: "footprint_bytes": 196608,
// CHECK-NEXT: "dram_bytes": 196608,
// 3 * 4096^2 * 4 bytes = 201 MB, more than the L2. Blocks start in launch
// order as others finish, so a block finds in L2 only what about the 238
// blocks launched before it touched (63 MB): the next block row, 256 blocks
// later, re-reads B's column panel from DRAM (65536 blocks * 256 KiB), while
// A's row panel, shared along the row, is read about once. The H200 moved
// 16.6 GB for this kernel (bench/accuracy/memory-idioms, gemm_bumped<16> at N = 4096).
// BIG: "footprint_bytes": 201326592,
// BIG-NEXT: "dram_bytes": 17314086912,
// BIG-NEXT: "dram_read_bytes": 17246978048,
