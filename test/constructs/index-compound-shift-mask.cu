// A row and column split in place by compound operators, `i >>= log2n` and
// `x &= n - 1` (the power-of-two udivmod of FFT post-processing): the
// register keeps the operator's value, so `row * n + col` is the thread's
// own element, four 8-byte loads to a 32-byte sector, not one sector each.
// RUN: %rl-analyze-stub %s --launch 'split:grid=4096,block=256' \
// RUN:   --bind n=1024 --format=json | FileCheck %s
// 1,048,576 threads, 8 bytes loaded and stored each: 8 MiB each way, in
// sectors exactly (16,777,216 B; a sector per thread would be 67,108,864).
// CHECK: "name": "split",
// CHECK: "global_load_bytes": 8388608,
// CHECK: "global_sector_bytes": 16777216,
#include "cuda.h"

__device__ void udivmod(unsigned &dividend, unsigned divisor, unsigned &rem) {
  rem = dividend;
  rem &= divisor - 1;
  dividend >>= __ffs(divisor) - 1;
}

__global__ void split(float2 *d, const float2 *s, unsigned n) {
  unsigned col, row = blockIdx.x * blockDim.x + threadIdx.x;
  udivmod(row, n, col);
  d[row * n + col] = s[row * n + col];
}
