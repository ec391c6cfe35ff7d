// A size read from a file at run time stays unknown, and the entry names
// where it comes from in the user's terms.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <cstdio>
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
int main() {
  int n = 0;
  FILE *f = fopen("size.txt", "r");
  fscanf(f, "%d", &n);
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  scale<<<(n + 255) / 256, 256>>>(x, n);
  return 0;
}
// CHECK: scale grid=?x1x1 block=256x1x1 args=- chain=main count=1
// CHECK-NEXT: note: grid.x is not known from the source: `n` comes from fscanf at value-from-input.cu:13
// CHECK-NEXT: note: argument 'n' is not known from the source: `n` comes from fscanf at value-from-input.cu:13
