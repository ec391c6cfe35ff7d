// --bind gives a host parameter nothing in the file passes: every launch
// value computed from it is evaluated again (the grid too, not only the
// kernel argument).
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=UNBOUND
// RUN: %rl-analyze %s --no-config --no-resources --format=json --bind M=4096 | %python %inputs/launches.py | FileCheck %s --check-prefix=BOUND
__global__ void rows(float *a, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
    a[i] = 1.0f;
}
void run(float *a, int M) {
  int blocks = (M + 127) / 128;
  rows<<<blocks, 128>>>(a, M);
}
// UNBOUND: rows grid=?x1x1 block=128x1x1 args=- chain=run count=1
// UNBOUND-NEXT: note: grid.x is not known from the source: 'M' is a parameter of 'run', which nothing in this file calls
// BOUND: rows grid=32x1x1 block=128x1x1 args=m=4096 chain=run count=1
// BOUND-NEXT: entries: 1
