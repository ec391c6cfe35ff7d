// A short loop (over argv) whose body fills a matrix in a nest too large to
// run element by element: the nest is summarised (the matrix is unknown) but
// the outer loop still runs, so the size its flag sets stays known.
// RUN: %rl-analyze %s --no-config --no-resources --format=json --args "-s 512" | %python %inputs/launches.py | FileCheck %s
#include <stdlib.h>
__global__ void fan(float *m, int size) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < size * size)
    m[i] *= 0.5f;
}
int main(int argc, char **argv) {
  int size = 16;
  float *a = 0;
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-' && argv[i][1] == 's') {
      size = atoi(argv[++i]);
      a = (float *)malloc(size * size * sizeof(float));
      for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++)
          a[r * size + c] = r == c ? 1.0f : 0.0f;
    }
  }
  float *m;
  cudaMalloc(&m, size * size * sizeof(float));
  fan<<<(size * size + 255) / 256, 256>>>(m, size);
  return 0;
}
// CHECK: fan grid=1024x1x1 block=256x1x1 args=size=512 chain=main count=1
// CHECK-NEXT: entries: 1
