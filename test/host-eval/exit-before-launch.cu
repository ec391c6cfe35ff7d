// A program that needs arguments exits before its launch when run without
// them: the entry says so, and --args runs it as its run script does.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=NOARGS
// RUN: %rl-analyze %s --no-config --no-resources --format=json --args 2048 | %python %inputs/launches.py | FileCheck %s --check-prefix=ARGS
#include <cstdio>
#include <cstdlib>
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s n\n", argv[0]);
    exit(1);
  }
  int n = atoi(argv[1]);
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  scale<<<n / 256, 256>>>(x, n);
  return 0;
}
// NOARGS: scale grid=?x1x1 block=256x1x1 args=- chain=- count=1
// NOARGS: note: the program does not reach this launch: the program exits at exit-before-launch.cu:15 when run without arguments
// ARGS: scale grid=8x1x1 block=256x1x1 args=n=2048 chain=main count=1
// ARGS-NEXT: entries: 1
