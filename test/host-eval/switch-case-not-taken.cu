// A switch on the block size picks one template instance per size: the
// case the program takes runs, the others are entries of count 0 with the
// case's value for the switched variable and a note saying so.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
template <unsigned Block> __global__ void fill(float *x, int n) {
  int i = blockIdx.x * Block + threadIdx.x;
  if (i < n)
    x[i] = 0.0f;
}
void launch(float *x, int n, int threads) {
  switch (threads) {
  case 128:
    fill<128><<<(n + 127) / 128, threads>>>(x, n);
    break;
  case 256:
    fill<256><<<(n + 255) / 256, threads>>>(x, n);
    break;
  }
}
int main() {
  float *x;
  cudaMalloc(&x, 1024 * sizeof(float));
  launch(x, 1024, 256);
  return 0;
}
// CHECK: fill<128U> grid=8x1x1 block=128x1x1 args=n=1024 chain=main -> launch(n=1024, threads=256) count=0
// CHECK-NEXT:   note: not run by the program: `threads` at switch-case-not-taken.cu:11 is 256, not 128, when it gets here
// CHECK-NEXT: fill<256U> grid=4x1x1 block=256x1x1 args=n=1024 chain=main -> launch(n=1024, threads=256) count=1
// CHECK-NEXT: entries: 2
