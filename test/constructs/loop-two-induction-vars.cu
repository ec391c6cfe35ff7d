// A loop that advances two variables, `for (a = aBegin, b = bBegin; a <= aEnd;
// a += aStep, b += bStep)`, with aEnd = aBegin + wA - 1 and aBegin depending
// on blockIdx.y: the bounds differ by a launch-invariant amount, so the trip
// count is exactly ceil(wA / 16) for every block, and b advances with a.
// RUN: %rl-analyze-stub %s --launch 'tiles<16>:grid=10x10,block=16x16' \
// RUN:   --bind wA=160 --bind wB=160 --gpu=H200 --format=json \
// RUN:   | FileCheck %s --implicit-check-not=rl-unknown-trip-count
#include "cuda.h"

template <int TILE>
__global__ void tiles(float *C, const float *A, const float *B, int wA,
                      int wB) {
  int aBegin = wA * TILE * blockIdx.y;
  int aEnd = aBegin + wA - 1;
  int bBegin = TILE * blockIdx.x;
  float acc = 0.0f;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += TILE, b += TILE * wB) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    As[threadIdx.y][threadIdx.x] = A[a + wA * threadIdx.y + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[b + wB * threadIdx.y + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[wB * TILE * blockIdx.y + TILE * blockIdx.x + wB * threadIdx.y +
    threadIdx.x] = acc;
}
template __global__ void tiles<16>(float *, const float *, const float *, int,
                                   int);

// 2 FLOPs per k, 16 k per tile, ceil(160 / 16) = 10 tiles: 2 * 160^3 in all.
// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "32*ceildiv(wA, 16)",
// CHECK: "global_loads": "2*ceildiv(wA, 16)",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 8192000,
// CHECK: "global_loads": 512000,
// Every element of A, B and C once (160 * 160 * 4 bytes each): the b
// subscript walks B's rows, not one tile again and again.
// CHECK: "footprint_bytes": 307200,
