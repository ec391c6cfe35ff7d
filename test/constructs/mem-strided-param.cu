// A read strided by a kernel argument, x[i * stride], is priced from the
// value bound at launch: stride 8 floats puts each lane in its own sector
// (32 per warp request instead of 4), so DRAM reads are 8 times the bytes
// requested, and [rl-uncoalesced] says so.
// RUN: %rl-analyze-stub %s --launch 'gather_every:grid=4096,block=256' \
// RUN:   --bind stride=8 --gpu=H200 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'gather_every:grid=4096,block=256' \
// RUN:   --bind stride=1 --gpu=H200 --format=json | FileCheck %s --check-prefix=ONE
#include "cuda.h"

__global__ void gather_every(const float *x, float *y, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i * stride];
}

// 2^20 loads of 4 bytes, one 32-byte sector each: 32 MiB read.
// CHECK: "global_load_bytes": 4194304,
// CHECK: "dram_read_bytes": 33554432,
// CHECK: "id": "rl-uncoalesced",
// CHECK-NEXT: "severity": "warning",
// CHECK-NEXT: "message": "uncoalesced global load of 'x': 32.0 sectors per warp request for 128 requested bytes (efficiency 12.5%; lanes 32 bytes apart)
// ONE: "dram_read_bytes": 4194304,
// ONE-NOT: rl-uncoalesced
