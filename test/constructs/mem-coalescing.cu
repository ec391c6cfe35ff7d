// Sectors per warp request from the lane stride: stride-1 floats move 4
// sectors per 32 threads (no diagnostic), stride 32 moves 32 (one per lane),
// a broadcast moves 1, float4 moves 16 with every byte used, and a 2D
// `row * N + col` with 32-wide blocks is coalesced.
// RUN: %rl-analyze-stub %s --launch 'strided:grid=64,block=256' \
// RUN:   --launch 'coalesced:grid=64,block=256' --launch 'vec4:grid=64,block=256' \
// RUN:   --launch 'rows:grid=8x8,block=32x8' --bind N=256 --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'strided:grid=64,block=256' \
// RUN:   --launch 'coalesced:grid=64,block=256' --launch 'vec4:grid=64,block=256' \
// RUN:   --launch 'rows:grid=8x8,block=32x8' --bind N=256 \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG
#include "cuda.h"

__global__ void coalesced(const float *x, const float *s, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] * s[0];
}

__global__ void strided(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i * 32];
}

__global__ void vec4(const float4 *x, float4 *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i];
}

__global__ void rows(const float *a, float *b, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  b[row * N + col] = a[row * N + col];
}

// 16384 threads: x and y stride 1 (4 sectors per request: 65536 B each),
// s a broadcast (1 sector per request, 512 requests: 16384 B).
// CHECK: "name": "coalesced",
// CHECK: "footprint_bytes": 131076,
// CHECK: "global_sector_bytes": 147456,
// CHECK: "name": "strided",
// x: 32 sectors per request, 512 requests: 524288 bytes; y: 65536.
// CHECK: "global_sector_bytes": 589824,
// CHECK: "name": "x",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 65536,
// CHECK: "extent_bytes": 2097028,
// CHECK-NEXT: "extent_elements": 524257,
// CHECK: "name": "vec4",
// CHECK: "footprint_bytes": 524288,
// CHECK: "global_sector_bytes": 524288,
// 256 x 64 elements each of a and b.
// CHECK: "name": "rows",
// CHECK: "footprint_bytes": 131072,
// CHECK: "global_sector_bytes": 131072,

// DIAG-NOT: rl-uncoalesced
// DIAG: mem-coalescing.cu:22:10: warning: uncoalesced global load of 'x': 32.0 sectors per warp request for 128 requested bytes (efficiency 12.5%; lanes 128 bytes apart); it costs 170 ns of the 1.75 us predicted on H200 [rl-uncoalesced]
// DIAG-NOT: rl-uncoalesced
