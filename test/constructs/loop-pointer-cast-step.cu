// A pointer stepped through a cast of itself (`p = (int4 *)((half *)p + n)`,
// the copy loops of the tensor-core GEMM samples; shorts here): it moves by n
// elements of the cast's type each iteration, so its reads keep their array,
// pattern and footprint.
// RUN: %rl-analyze-stub %s --launch 'copy:grid=64,block=32' \
// RUN:   --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

#define ROW 64 // shorts in a row: 128 bytes, 8 lanes of 16 bytes

__global__ void copy(const short *src, int4 *dst) {
  // Each warp copies 32 rows of 64 halves, 4 rows an iteration.
  const int4 *lane_ptr = (const int4 *)(src + blockIdx.x * 32 * ROW +
                                        (threadIdx.x / 8) * ROW) +
                         threadIdx.x % 8;
  int4 sum = {0, 0, 0, 0};
  for (int i = 0; i < 8; i++) {
    int4 v = *lane_ptr;
    sum.x ^= v.x;
    lane_ptr = (const int4 *)((const short *)lane_ptr + ROW * 4);
  }
  dst[blockIdx.x * 32 + threadIdx.x] = sum;
}

// 64 blocks x 32 rows x 128 bytes, each sector read once.
// CHECK-LABEL: "name": "copy"
// CHECK: "arrays": [
// CHECK: "name": "src",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 262144,
// CHECK: "load_sector_bytes": 262144,
// CHECK-NOT: of unknown origin
