// Memory from malloc/calloc of a known size holds what the program writes:
// a mask filled by a helper and counted (Rodinia's particle filter), a
// struct whose field is the size (backprop's `net->input_n`), calloc'd
// counters that start at zero. An allocation too large to follow stays
// unknown.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <cstdlib>
struct Net {
  int inputs;
  int hidden;
};
__global__ void layer(float *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    w[i] = 0;
}
void fillDisk(int *disk, int d) {
  for (int x = 0; x < d; x++)
    for (int y = 0; y < d; y++)
      disk[x * d + y] = (x + y) % 2;
}
Net *create(int inputs) {
  Net *net = (Net *)malloc(sizeof(Net));
  net->inputs = inputs;
  net->hidden = 16;
  return net;
}
int main() {
  int *disk = (int *)malloc(9 * 9 * sizeof(int));
  fillDisk(disk, 9);
  int ones = 0;
  for (int i = 0; i < 81; i++)
    ones += disk[i];
  Net *net = create(65536);
  int *counts = (int *)calloc(4, sizeof(int));
  int *unknown = (int *)malloc(1 << 22);
  float *w;
  layer<<<1, 64>>>(w, ones);
  layer<<<net->inputs / 256, 256>>>(w, net->inputs * net->hidden);
  layer<<<1, 32>>>(w, counts[3] + 7);
  layer<<<1, 32>>>(w, unknown[0]);
  free(disk);
  return 0;
}
// 40 of the 81 cells have x + y odd.
// CHECK: layer grid=1x1x1 block=64x1x1 args=n=40 chain=main count=1
// CHECK: layer grid=256x1x1 block=256x1x1 args=n=1048576 chain=main count=1
// CHECK: layer grid=1x1x1 block=32x1x1 args=n=7 chain=main count=1
// CHECK: layer grid=1x1x1 block=32x1x1 args=- chain=main count=1
