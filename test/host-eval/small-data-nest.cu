// A size counted by a small nest of loops without launches (Rodinia's
// particle filter counts the ones of a 9x9 disk mask) runs as written: the
// launch gets the count. A nest too large to run (a 1024x1024 image) is
// summarised, and what it writes stays unknown.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void gather(const int *xy, float *out, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    out[i] = xy[2 * i] + xy[2 * i + 1];
}
int main() {
  const int radius = 5, diameter = radius * 2 - 1;
  int disk[81];
  for (int x = 0; x < diameter; x++)
    for (int y = 0; y < diameter; y++) {
      int dx = x - radius + 1, dy = y - radius + 1;
      disk[x * diameter + y] = dx * dx + dy * dy <= (radius - 1) * (radius - 1);
    }
  int countOnes = 0;
  for (int x = 0; x < diameter; x++)
    for (int y = 0; y < diameter; y++)
      if (disk[x * diameter + y] == 1)
        countOnes++;
  int bright = 0;
  for (int r = 0; r < 1024; r++)
    for (int c = 0; c < 1024; c++)
      if ((r ^ c) & 1)
        bright++;
  int *xy;
  float *out;
  gather<<<1, 64>>>(xy, out, countOnes);
  gather<<<1, 64>>>(xy, out, bright);
  return 0;
}
// 49 points of the 9x9 grid lie within distance 4 of its centre.
// CHECK: gather grid=1x1x1 block=64x1x1 args=count=49 chain=main count=1
// CHECK: gather grid=1x1x1 block=64x1x1 args=- chain=main count=1
// CHECK: note: argument 'count' is not known from the source: 'bright' changes in the loop at small-data-nest.cu:25
