// A branch on a value known only at run time: each side's launch is an
// entry that says when it runs, and a value the sides set differently is
// unknown after the branch.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <cstdlib>
__global__ void k(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 0.0f;
}
int main() {
  float *x;
  cudaMalloc(&x, 1 << 22);
  int n = 1024;
  if (rand() % 2) {
    n = 4096;
    k<<<n / 256, 256>>>(x, n);
  } else {
    k<<<n / 128, 128>>>(x, n);
  }
  k<<<n / 64, 64>>>(x, n);
  return 0;
}
// CHECK: k grid=16x1x1 block=256x1x1 args=n=4096 chain=main count=1
// CHECK-NEXT: note: runs only when `rand() % 2` at unknown-branch.cu:15 holds (the result of `rand` at unknown-branch.cu:15 is known only at run time)
// CHECK: k grid=8x1x1 block=128x1x1 args=n=1024 chain=main count=1
// CHECK-NEXT: note: runs only when `rand() % 2` at unknown-branch.cu:15 does not hold (the result
// CHECK: k grid=?x1x1 block=64x1x1 args=- chain=main count=1
// CHECK-NEXT: note: grid.x is not known from the source: depends on `rand() % 2` at unknown-branch.cu:15 (the result
