// A pointer that chooses between two arrays by the warp (`p = warp < 4 ?
// &A[..] : &B[..]`, as the tensor-core GEMM samples split their copies): the
// rest of the block runs as if/else on that test, so A's reads are A's and
// B's are B's, each on half the warps.
// RUN: %rl-analyze-stub %s --launch 'split:grid=16,block=256' \
// RUN:   --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void split(const float *A, const float *B, float *out) {
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const float *p = warp < 4 ? &A[blockIdx.x * 128 + warp * 32]
                            : &B[blockIdx.x * 128 + (warp - 4) * 32];
  float s = 0.0f;
  for (int k = 0; k < 4; k++)
    s += p[k * 2048 + lane];
  out[blockIdx.x * 256 + threadIdx.x] = s;
}

// Each array: 16 blocks x 128 floats x 4 rows = 32 KiB, read once; FLOPs: one
// add per thread and iteration.
// CHECK-LABEL: "name": "split"
// CHECK: "flops": 16384,
// CHECK: "arrays": [
// CHECK: "name": "A",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 32768,
// CHECK: "load_sector_bytes": 32768,
// CHECK: "name": "B",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 32768,
// CHECK: "load_sector_bytes": 32768,
