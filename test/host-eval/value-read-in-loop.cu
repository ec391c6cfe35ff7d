// An image header parsed in a loop whose count depends on the file (the
// samples' PGM reader: `while (i < 3) { fgets(...); i += sscanf(...); }`):
// the size stays unknown, and the entry names the sscanf it comes from,
// not only the loop around it.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <cstdio>
__global__ void clear(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 0;
}
bool loadHeader(const char *file, unsigned *w, unsigned *h) {
  FILE *fp = fopen(file, "rb");
  char header[64];
  unsigned width = 0, height = 0, maxval = 0, i = 0;
  while (i < 3) {
    if (fgets(header, 64, fp) == NULL)
      return false;
    if (header[0] == '#')
      continue;
    if (i == 0)
      i += sscanf(header, "%u %u %u", &width, &height, &maxval);
    else if (i == 1)
      i += sscanf(header, "%u %u", &height, &maxval);
    else
      i += sscanf(header, "%u", &maxval);
  }
  *w = width;
  *h = height;
  return true;
}
int main() {
  unsigned w, h;
  loadHeader("image.pgm", &w, &h);
  float *x;
  cudaMalloc(&x, w * h * sizeof(float));
  clear<<<(w * h + 255) / 256, 256>>>(x, w * h);
  return 0;
}
// CHECK: clear grid=?x1x1 block=256x1x1
// CHECK: note: grid.x is not known from the source: `width` comes from sscanf at value-read-in-loop.cu:22
