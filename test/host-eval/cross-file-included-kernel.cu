// A kernel file that the main file #includes and that is given as well
// (`rl-analyze main.cu kernel.cu`, as Rodinia's folders are built): the
// kernel file's own report gets the launches the main file makes, not "no
// launch in this file".
// RUN: %rl-analyze %s %S/Inputs/included-kernels.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include "Inputs/included-kernels.cu"
int main() {
  float *x;
  int n = 1 << 20;
  cudaMalloc(&x, n * sizeof(float));
  for (int step = 0; step < 3; ++step)
    addOne<<<(n + 255) / 256, 256>>>(x, n);
  return 0;
}
// CHECK: file: {{.*}}cross-file-included-kernel.cu
// CHECK-NEXT: addOne grid=4096x1x1 block=256x1x1 args=n=1048576 chain=main (cross-file-included-kernel.cu) count=3
// CHECK: file: {{.*}}included-kernels.cu
// CHECK-NEXT: addOne grid=4096x1x1 block=256x1x1 args=n=1048576 chain=main (cross-file-included-kernel.cu) count=3
// CHECK-NEXT: entries: 1
