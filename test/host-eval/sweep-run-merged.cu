// A site the program runs in more calling contexts than a report shows (a
// size sweep it does run) is one entry: what varies is unknown with its
// range, and the count is the sum. Each context is still a whole launch: bound
// one by one, their work adds up (sum over n = 1024 .. 2^20 of n FLOPs and 8n
// bytes), and the program's totals include it.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources | FileCheck %s --check-prefix=TEXT
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
int main() {
  float *x;
  cudaMalloc(&x, 1 << 24);
  for (int n = 1024; n <= (1 << 20); n *= 2)
    scale<<<n / 256, 256>>>(x, n);
  return 0;
}
// CHECK: scale grid=?x1x1 block=256x1x1 args=- chain=main count=11
// CHECK-NEXT: note: grid.x varies: 4 to 4096 (11 calling contexts)
// CHECK-NEXT: note: argument 'n' varies: 1024 to 1048576 (11 calling contexts)
// CHECK-NEXT: sum: contexts=11 unbound=0 launches=11 flops=2096128 dram=16769024
// CHECK-NEXT: entries: 1
// TEXT: in all     11 launches over 11 calling contexts: 2.10 MFLOP, 16.8 MB DRAM; H200
// TEXT: program: 11 launches when main runs, 2.10 MFLOP, 16.8 MB DRAM; H200
