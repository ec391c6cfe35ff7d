// A launch in a loop whose trip count is not known, behind a branch the
// program does not take, runs 0 times: its count is 0, not unknown.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <cstdlib>
__global__ void step(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] += 1.0f; }
int main(int argc, char **argv) {
  float *x;
  cudaMalloc(&x, 1 << 20);
  bool iterate = argc > 1;
  if (iterate) {
    int steps = atoi(argv[1]);
    for (int s = 0; s < steps; ++s)
      step<<<32, 256>>>(x);
  }
  return 0;
}
// CHECK: step grid=32x1x1 block=256x1x1 args=- chain=main count=0
// CHECK-NEXT: note: not run by the program: `iterate` at not-taken-loop-count.cu:10 is false when it gets here
// CHECK: entries: 1
