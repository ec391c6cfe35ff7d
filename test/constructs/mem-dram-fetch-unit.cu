// An L2 miss brings the GPU's DRAM fetch unit (`dram_fetch`: 64 bytes on
// the H200). A read strided by 16 floats takes one 32-byte sector of each
// 64-byte pair, so it moves twice its sectors from DRAM there; a GPU without
// the field fetches single sectors. The assumption line says which.
// RUN: %rl-analyze-stub %s --launch 'every16:grid=4096,block=256' --gpu=H200 \
// RUN:   --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'every16:grid=4096,block=256' --gpu=L40S \
// RUN:   --format=json | FileCheck %s --check-prefix=SECTOR
#include "cuda.h"

__global__ void every16(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i * 16];
}

// 2^20 reads, one sector each (32 MiB at L2), 64 MiB from DRAM, plus the
// 4 MiB of y written.
// CHECK: "dram_bytes": 71303168,
// CHECK: "dram_read_bytes": 67108864,
// CHECK: "l2_bytes": 37748736,
// CHECK: an L2 miss brings 64 bytes from DRAM (H200)
// SECTOR: "dram_read_bytes": 33554432,
// SECTOR-NOT: an L2 miss brings
