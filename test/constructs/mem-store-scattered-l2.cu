// A store request spread over more than 4 lines (the naive transpose's
// column write: 32 lanes on 32 lines) is served by the L2 a sector and a
// line at a time: on the H200 4.85 ps per sector and 12.9 ps per line of a
// request (scripts/device/scatter_rates.sh), 2^21 requests of 32 sectors on
// 32 lines = 1.19 ms, not the 277 us its 2.15 GB of sectors take at the L2
// bandwidth. Coalescing the store saves all but the read's time.
// RUN: %rl-analyze-stub %s \
// RUN:   --launch 'transpose_row:grid=256x256,block=32x32,n=8192' \
// RUN:   --gpu=H200 --verbose | FileCheck %s

__global__ void transpose_row(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[x * n + y] = in[y * n + x];
}

// CHECK: H200  l2     1.23 ms
// CHECK: next       coalesce the store of 'out' at {{.*}}mem-store-scattered-l2.cu:14:3: -1.09 ms of 1.23 ms on H200 (then dram-bound)
// CHECK: assumes: L2: 2097152 store requests spread over more than 4 lines take 4.85 ps per sector and 12.91 ps per 128-byte line on H200
