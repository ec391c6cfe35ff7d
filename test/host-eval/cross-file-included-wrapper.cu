// A file of kernels and their launch wrapper that the main file #includes and
// that is given as well: the wrapper is called (through the main file's copy),
// so the included file's report has the launch as main runs it and no entry
// for the wrapper as a function nothing calls.
// RUN: %rl-analyze %s %S/Inputs/included-wrapper.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include "Inputs/included-wrapper.cu"
int main() {
  float *t;
  cudaMalloc(&t, 512 * 512 * sizeof(float));
  step(t, 512, 512, 100);
  return 0;
}
// CHECK: file: {{.*}}cross-file-included-wrapper.cu
// CHECK-NEXT: stepKernel grid=8x128x1 block=64x4x1 args=nx=512,ny=512 chain=main (cross-file-included-wrapper.cu) -> step(nx=512, ny=512, iterations=100) count=100
// CHECK-NEXT: entries: 1
// CHECK-NEXT: file: {{.*}}included-wrapper.cu
// CHECK-NEXT: stepKernel grid=8x128x1 block=64x4x1 args=nx=512,ny=512 chain=main (cross-file-included-wrapper.cu) -> step(nx=512, ny=512, iterations=100) count=100
// CHECK-NEXT: entries: 1
