// A warp-shuffle reduction moves data between registers: no memory bytes.
// The offset loop halves from 16: 5 iterations, 5 adds per thread.
// RUN: %rl-analyze-stub %s --launch 'warpsum:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'warpsum:grid=2,block=64' \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG \
// RUN:       --implicit-check-not=warning: --implicit-check-not=note:
#include "cuda.h"

__global__ void warpsum(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffu, v, off);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(y, v);
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "5",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 640,
// CHECK: "global_loads": 128,
// CHECK-NEXT: "global_load_bytes": 512,
// CHECK-NEXT: "global_stores": 0,
// CHECK-NEXT: "global_store_bytes": 0,
// CHECK-NEXT: "shared_load_bytes": 0,
// CHECK-NEXT: "shared_store_bytes": 0,
// The 4-byte sum reaches DRAM as one 32-byte sector.
// CHECK: "dram_bytes": 544,

// DIAG: remark: warpsum is launch-bound on H200: 2 blocks take
