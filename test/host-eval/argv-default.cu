// Sizes from argv: without --args the program's defaults, with the assumption
// stated; with --args the values it would parse.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=DEFAULT
// RUN: %rl-analyze %s --no-config --no-resources --format=json --args "1000000 3" | %python %inputs/launches.py | FileCheck %s --check-prefix=ARGS
#include <cstdlib>
#include <string>
__global__ void axpy(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += 2.0f * x[i];
}
int main(int argc, char **argv) {
  int n = 1 << 16;
  int repeat = 1;
  if (argc > 1)
    n = atoi(argv[1]);
  if (argc > 2)
    repeat = std::stoi(std::string(argv[2]));
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  for (int r = 0; r < repeat; ++r)
    axpy<<<(n + 255) / 256, 256>>>(y, x, n);
  return 0;
}
// DEFAULT: axpy grid=256x1x1 block=256x1x1 args=n=65536 chain=main count=1
// DEFAULT-NEXT: note: as the program runs without arguments (pass --args to give some)
// DEFAULT-NEXT: entries: 1
// ARGS: axpy grid=3907x1x1 block=256x1x1 args=n=1000000 chain=main count=3
// ARGS-NOT: note:
// ARGS: entries: 1
