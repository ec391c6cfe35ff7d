// A benchmark sweep behind a flag the run leaves off does more work than a
// branch not taken may cost: its count-0 entries are dropped (the sweep's site
// keeps its per-function entry), and the launch the program makes is still
// bound by the run (the whole run used to be given up).
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <cstring>
__global__ void step(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}
void sweep(float *x) {
  for (int n = 1; n <= 4000; ++n)
    for (int b = 32; b <= 1024; b *= 2)
      step<<<(n + b - 1) / b, b>>>(x, n);
}
int main(int argc, char **argv) {
  float *x;
  cudaMalloc(&x, 1 << 20);
  bool shmoo = argc > 1 && !strcmp(argv[1], "--shmoo");
  if (shmoo)
    sweep(x);
  else
    step<<<4096, 256>>>(x, 1 << 20);
  return 0;
}
// CHECK: step grid=?x1x1 block=?x1x1 args=- chain=- count=1
// CHECK: step grid=4096x1x1 block=256x1x1 args=n=1048576 chain=main count=1
// CHECK: entries: 2
