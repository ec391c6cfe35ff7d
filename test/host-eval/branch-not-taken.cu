// A launch in a branch the program does not take still gets the sizes it
// would have there, with a count of 0 and the condition that skips it.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources | FileCheck %s --check-prefix=TEXT
template <int TILE> __global__ void tiled(float *c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n)
    c[i] = 0.0f;
}
void run(float *c, int n, int tile) {
  if (tile == 16)
    tiled<16><<<n / 16, 16>>>(c, n);
  else
    tiled<32><<<n / 32, 32>>>(c, n);
}
int main() {
  float *c;
  cudaMalloc(&c, 1 << 20);
  run(c, 4096, 32);
  return 0;
}
// CHECK: tiled<16> grid=256x1x1 block=16x1x1 args=n=4096 chain=main -> run(n=4096, tile=32) count=0
// CHECK-NEXT: note: not run by the program: `tile == 16` at branch-not-taken.cu:11 is false when it gets here
// CHECK-NEXT: tiled<32> grid=128x1x1 block=32x1x1 args=n=4096 chain=main -> run(n=4096, tile=32) count=1
// CHECK-NEXT: entries: 2
// TEXT: tiled<16> {{.*}}grid 256x1x1  block 16x1x1  smem 0  not run by the program
