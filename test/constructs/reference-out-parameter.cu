// REQUIRES: cuda-toolkit
// A device function that writes its integer reference parameters gives the
// caller's variables their new values when it returns: `udivmod(i, 64, x)`
// leaves x = i % 64 and i = i / 64, so the load index x + 64 * y is affine
// in the thread index and 65,536 threads read 256 KiB of `src` once,
// not one 32-byte sector per lane (a gather).
// RUN: %rl-analyze %s --format=json | FileCheck %s

__device__ void udivmod(unsigned &dividend, unsigned divisor, unsigned &rem) {
  rem = dividend % divisor;
  dividend /= divisor;
}

__global__ void unpack(const float *src, float *dst) {
  unsigned x, y, i = blockIdx.x * blockDim.x + threadIdx.x;
  udivmod(i, 64, x);
  udivmod(i, 1024, y);
  dst[y * 64 + x] = src[y * 64 + x];
}

void run(const float *src, float *dst) { unpack<<<256, 256>>>(src, dst); }

// CHECK: "arrays": [
// CHECK: "name": "src",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 262144,
// CHECK-NEXT: "footprint_exact": true,
// CHECK: "load_sector_bytes": 262144,
