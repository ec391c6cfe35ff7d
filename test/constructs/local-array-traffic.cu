// A local array indexed by data lives in local memory: the compiled code's
// local loads and stores (LDL, STL) are counted from its SASS, each lane
// its own bytes, and priced through L1, L2 and DRAM (LocalMemory.h). Each
// of the 65,536 threads stores its 64 floats once (16,777,216 bytes) and
// loads one of them on each of 1,024 iterations (268,435,456 bytes); the
// L1 keeps the share of the resident threads' 256-byte frames it holds.
// A 1024-float array's fill loop, unrolled by the compiler with no global
// access of its own, is counted by its local stores: 16,384 threads store
// 4 KiB each once (67,108,864 bytes), not once per unrolled copy.
// REQUIRES: cuda-toolkit, nvdisasm
// RUN: %rl-analyze %s --gpu=H100 --format=json | FileCheck %s
// RUN: %rl-analyze %s --gpu=H100 | FileCheck %s --check-prefix=TEXT
#include "cuda.h"

__global__ void gather(float *out, const int *idx, int n) {
  float a[64];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 64; ++i)
    a[i] = t * i;
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[idx[i] & 63];
  out[t] = s;
}

__global__ void fill(float *out, const int *idx, int n) {
  float a[1024];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 1024; ++i)
    a[i] = t * i;
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[idx[i] & 1023];
  out[t] = s;
}

void run(float *out, const int *idx) {
  gather<<<256, 256>>>(out, idx, 1024);
  fill<<<64, 256>>>(out, idx, 256);
}

// CHECK: "local_memory": {
// CHECK-NEXT: "load_bytes": 268435456.0,
// CHECK-NEXT: "store_bytes": 16777216.0,
// CHECK-NEXT: "l1_hit_share": 0.5,
// CHECK-NEXT: "l2_bytes": 142606336.0,
// CHECK-NEXT: "l2_hit_share": {{0\.[0-9]+}},
// CHECK-NEXT: "dram_read_bytes": {{[0-9.e+]+}},
// CHECK-NEXT: "dram_write_bytes": {{[0-9.e+]+}}
// CHECK: "local_memory": {
// CHECK-NEXT: "load_bytes": 16777216.0,
// CHECK-NEXT: "store_bytes": 67108864.0,
// TEXT: note: local memory (spills, local arrays) on H100 SXM: the compiled code's local loads and stores move 268 MB and 16.8 MB through L1
