// A row of X read again each iteration of an outer loop (`i`) stays in L1
// only if one iteration's data fits in the block's share of the SM's L1:
// the H200 has 256 KiB of L1 and shared memory per SM, and each of these
// 4-block launches has one block per SM. One iteration reads N rows of
// 1 KiB (256 threads x 4 bytes):
//  - N = 128 (128 KiB) fits: each block fetches its 512 KiB once, L2 loads
//    are the footprint, 524288 bytes (+ 4096 stored);
//  - N = 512 (512 KiB) does not: every request reaches L2, 64 x 512 x 1024
//    threads x 4 bytes = 134217728;
//  - N = 240 (240 KiB) fits, but not beside 40 KiB of dynamic shared memory:
//    the driver sizes the carveout for the 8 blocks of 256 threads an SM
//    could hold, 8 x 41 KiB, which rounds to Hopper's largest, 228 KiB,
//    and leaves 28 KiB of L1: 64 x 240 x 4096 = 62914560.
// RUN: %rl-analyze-stub %s --gpu=H200 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --gpu=H200 --verbose | FileCheck %s --check-prefix=TEXT
#include "cuda.h"

__global__ void rereads(const float *X, float *Y, int N) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j)
      s += X[j * 1024 + r];
  Y[r] = s;
}

void run(const float *X, float *Y) {
  rereads<<<4, 256>>>(X, Y, 128);
  rereads<<<4, 256>>>(X, Y, 512);
  rereads<<<4, 256>>>(X, Y, 240);
  rereads<<<4, 256, 40960>>>(X, Y, 240);
}

// CHECK: "grid": [
// CHECK: "l2_bytes": 528384,
// CHECK: "grid": [
// CHECK: "l2_bytes": 134221824,
// CHECK: "grid": [
// CHECK: "l2_bytes": 987136,
// CHECK: "grid": [
// CHECK: "l2_bytes": 62918656,

// TEXT: launch-site {{.*}}mem-l1-capacity.cu:28
// TEXT-NOT: miss L1
// TEXT: launch-site {{.*}}mem-l1-capacity.cu:29
// TEXT: assumes: L1: 262.1 KB per SM on H200 less shared memory (0 B per block), shared by 1 resident block {{.*}}: 262.1 KB per block; 'X' at line {{[0-9]+}} is read again each iteration of loop 'i', with up to 524.3 KB of one block's data in between: 100% of its reads miss L1 and go to L2
// TEXT: launch-site {{.*}}mem-l1-capacity.cu:30
// TEXT-NOT: miss L1
// TEXT: launch-site {{.*}}mem-l1-capacity.cu:31
// TEXT: less the shared-memory carveout (233.5 KB: the driver's for as many blocks of 41.0 KB as the SM can hold){{.*}}: 28.7 KB per block; 'X' at line {{[0-9]+}} {{.*}}100% of its reads miss L1
