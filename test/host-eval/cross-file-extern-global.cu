// A global this file declares `extern` and another file given with it
// defines (`extern "C" const uint MIN_LENGTH;` beside its `= 1024`) has the
// other file's value, as the linked program sees it.
// RUN: %rl-analyze %s %S/Inputs/sizes-defined.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
extern "C" const unsigned MIN_LENGTH;
extern "C" const unsigned MAX_LENGTH;
extern int counted;
void runFill(float *x, unsigned n);
int main() {
  float *x;
  cudaMalloc(&x, MAX_LENGTH * sizeof(float));
  for (unsigned n = MIN_LENGTH + counted; n <= MAX_LENGTH; n <<= 1)
    runFill(x, n);
  return 0;
}
// CHECK: file: {{.*}}sizes-defined.cu
// CHECK-NEXT: fill grid=4x1x1 block=256x1x1 args=n=1024 chain=main (cross-file-extern-global.cu) -> runFill(n=1024) (sizes-defined.cu) count=1
// CHECK-NEXT: fill grid=8x1x1 block=256x1x1 args=n=2048 chain=main (cross-file-extern-global.cu) -> runFill(n=2048) (sizes-defined.cu) count=1
// CHECK-NEXT: fill grid=16x1x1 block=256x1x1 args=n=4096 chain=main (cross-file-extern-global.cu) -> runFill(n=4096) (sizes-defined.cu) count=1
// CHECK-NEXT: entries: 3
