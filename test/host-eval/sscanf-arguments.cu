// Sizes parsed from argv with sscanf, as Rodinia's particle filter does, and
// a grid rounded with rint: with --args the values the program would parse.
// Without arguments the program stops at its usage check: nothing runs.
// RUN: %rl-analyze %s --no-config --no-resources --format=json --args "-n 100000 -s 1.5" | %python %inputs/launches.py | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=NOARGS
#include <cmath>
#include <cstdio>
#include <cstring>
__global__ void scale(float *x, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= s;
}
int main(int argc, char **argv) {
  if (argc != 5 || strcmp(argv[1], "-n") || strcmp(argv[3], "-s"))
    return 0;
  int n;
  float s;
  if (sscanf(argv[2], "%d", &n) == EOF || n <= 0)
    return 0;
  if (sscanf(argv[4], "%f", &s) != 1)
    return 0;
  int blocks = (int)rint(n * s / 256.0);
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  scale<<<blocks, 256>>>(x, n, s);
  return 0;
}
// 100000 * 1.5 / 256 = 585.9 -> 586 blocks.
// CHECK: scale grid=586x1x1 block=256x1x1 args=n=100000,s=1.5 chain=main count=1
// CHECK: entries: 1
// NOARGS: scale grid=?x1x1 block=256x1x1 args=- chain=- count=1
// NOARGS: note: the program does not reach this launch: main returns at sscanf-arguments.cu:16 when run without arguments
