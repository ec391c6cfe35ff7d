// A case runs on from its label to its `break`: a launch after the case's
// first statement (`cudaFuncSetAttribute(...); k<<<...>>>`) is a case with a
// launch, and gets its entry of count 0 when the program takes another case.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void tiled(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }
__global__ void plain(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 2.0f; }
enum Kernel { Tiled = 0, Plain = 1 };
int main() {
  float *x;
  cudaMalloc(&x, 1 << 20);
  Kernel selected = Plain;
  switch (selected) {
  case Tiled:
    cudaFuncSetAttribute(tiled, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
    tiled<<<64, 256>>>(x);
    break;
  case Plain:
    cudaFuncSetAttribute(plain, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
    plain<<<128, 128>>>(x);
    break;
  }
  return 0;
}
// CHECK: tiled grid=64x1x1 block=256x1x1 args=- chain=main count=0
// CHECK-NEXT: note: not run by the program: `selected` at switch-case-later-statement.cu:12 is 1, not 0, when it gets here
// CHECK: plain grid=128x1x1 block=128x1x1 args=- chain=main count=1
// CHECK: entries: 2
