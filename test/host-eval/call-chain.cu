// Sizes written in main reach the launch through a dispatcher and a wrapper
// that computes its grid with ceil(): one entry per calling context, with the
// chain that leads to it.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <cmath>
#define NI 512
#define NJ 256
__global__ void gemm(float *c, int ni, int nj) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < ni && j < nj)
    c[i * nj + j] *= 2.0f;
}
void gemmCuda(float *c, int ni, int nj) {
  dim3 block(32, 8);
  dim3 grid((size_t)ceil(((float)nj) / ((float)block.x)),
            (size_t)ceil(((float)ni) / ((float)block.y)));
  gemm<<<grid, block>>>(c, ni, nj);
}
void dispatch(float *c, int scale) { gemmCuda(c, NI * scale, NJ); }
int main() {
  float *c;
  cudaMalloc(&c, 4 * NI * NJ * sizeof(float));
  dispatch(c, 1);
  dispatch(c, 2);
  dispatch(c, 1); // the same values again: counted, not a new entry
  return 0;
}
// CHECK: gemm grid=8x64x1 block=32x8x1 args=ni=512,nj=256 chain=main -> dispatch(scale=1) -> gemmCuda(ni=512, nj=256) count=2
// CHECK-NEXT: gemm grid=8x128x1 block=32x8x1 args=ni=1024,nj=256 chain=main -> dispatch(scale=2) -> gemmCuda(ni=1024, nj=256) count=1
// CHECK-NEXT: entries: 2
