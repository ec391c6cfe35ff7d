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
  for (int a = 0; a < 8; ++a)
    for (int b = 0; b < 8; ++b)
      for (int c = 0; c < 8; ++c)
        for (int d = 0; d < 8; ++d)
          for (int e = 0; e < 8; ++e)
            for (int f = 0; f < 8; ++f)
              for (int g = 0; g < 8; ++g)
                step<<<a + b + c + d + e + f + g + 1, 32>>>(x, a * g);
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
// CHECK: step grid=?x1x1 block=32x1x1 args=- chain=- count=1
// CHECK: step grid=4096x1x1 block=256x1x1 args=n=1048576 chain=main count=1
// CHECK: entries: 2
