// Shared-memory bank conflicts from the lane stride: reading tile[32][32] by
// column is a 32-way conflict; the padded tile[32][33] is conflict-free.
// RUN: %rl-analyze-stub %s --launch 'column:grid=16,block=32x32' \
// RUN:   --launch 'padded:grid=16,block=32x32' --format=diagnostics \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void column(const float *in, float *out) {
  __shared__ float tile[32][32];
  int base = blockIdx.x * 1024;
  tile[threadIdx.y][threadIdx.x] = in[base + threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void padded(const float *in, float *out) {
  __shared__ float tile[32][33];
  int base = blockIdx.x * 1024;
  tile[threadIdx.y][threadIdx.x] = in[base + threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// The finding carries the edit that removes it, checked by the model
// (the padded address is conflict-free): clang's parseable fix-it line.
// CHECK-NOT: rl-bank-conflict
// CHECK: mem-bank-conflict.cu:13:48: warning: shared-memory load of 'tile' is a 32-way bank conflict: 32.0 wavefronts per warp instead of 1 (lanes 128 bytes apart in threadIdx.x; pad the row to break it); it costs 476 ns of the 2.07 us predicted on H200 [rl-bank-conflict]
// CHECK-NEXT: fix-it:"{{.*}}mem-bank-conflict.cu":{9:29-9:31}:"33"
// CHECK-NOT: rl-bank-conflict
// CHECK-NOT: fix-it

// The text output says it under the finding.
// RUN: %rl-analyze-stub %s --launch 'column:grid=16,block=32x32' \
// RUN:   | FileCheck %s --check-prefix=TEXT
// TEXT: mem-bank-conflict.cu:13:48: warning: shared-memory load of 'tile' is a 32-way bank conflict
// TEXT-NEXT: {{^}}    fix-it: {{.*}}mem-bank-conflict.cu:9:29: replace '32' with '33'{{$}}
