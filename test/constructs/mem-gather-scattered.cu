// A read through an index array (`x[idx[i]]`) has no address the model can
// follow; it is taken as scattered: each lane its own 32-byte sector, read
// from DRAM once as the GPU's whole fetch unit (64 bytes on the H200), with
// the assumption stated. A subscript of small range (an
// unsigned char bin) covers at most its table's sectors per request.
// RUN: %rl-analyze-stub %s --launch 'gather:grid=4096,block=256' \
// RUN:   --launch 'lookup:grid=4096,block=256' --gpu=H200 --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

__global__ void gather(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[idx[i]];
}

__global__ void lookup(const short *table, const unsigned char *bin,
                       float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = table[bin[i]];
}

// 2^20 lanes: x moves 32 MiB of sectors for its 4 MiB requested, and 64 MiB
// from DRAM in 64-byte fetch units.
// CHECK-LABEL: "name": "gather"
// CHECK: "arrays": [
// CHECK: "name": "x",
// CHECK: "reads": 4194304,
// CHECK: "load_sector_bytes": 33554432,
// CHECK: "dram_bytes": 67108864
// CHECK: each lane moves its own 32-byte sectors, each read from DRAM once as a whole 64-byte fetch unit
// 256 shorts are 16 sectors: a request of 32 lanes moves at most those,
// 2^15 requests x 512 bytes.
// CHECK-LABEL: "name": "lookup"
// CHECK: "name": "table",
// CHECK: "load_sector_bytes": 16777216,
