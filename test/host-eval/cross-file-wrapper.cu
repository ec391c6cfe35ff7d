// main in this file calls a launch wrapper that another file defines: given
// together, the two files run as one program and the wrapper's launch is
// bound with the sizes main passes, its chain crossing the files. This file
// has no kernel of its own; the wrapper's file has no root of its own (its
// launch appears once per calling context, not also as an uncalled wrapper).
// RUN: %rl-analyze %s %S/Inputs/scale-runner.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
void runScale(float *x, int n);
int main() {
  float *x;
  cudaMalloc(&x, 4096 * sizeof(float));
  runScale(x, 4096);
  runScale(x, 1000);
  return 0;
}
// CHECK: file: {{.*}}cross-file-wrapper.cu
// CHECK-NEXT: entries: 0
// CHECK-NEXT: file: {{.*}}scale-runner.cu
// CHECK-NEXT: scale grid=16x1x1 block=256x1x1 args=n=4096 chain=main (cross-file-wrapper.cu) -> runScale(n=4096) (scale-runner.cu) count=1
// CHECK-NEXT: scale grid=4x1x1 block=256x1x1 args=n=1000 chain=main (cross-file-wrapper.cu) -> runScale(n=1000) (scale-runner.cu) count=1
// CHECK-NEXT: entries: 2
