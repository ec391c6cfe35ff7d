// An argument the host code does not decide (the pass of a progressive
// render, here a random one) that the kernel only tests against 0:
// its costs depend on min(frame, 1), so the launch is bound at frame = 0 and
// frame = 1 and its totals span both, with the reason; no symbol is left to
// bind.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
#include <stdlib.h>
__global__ void render(float *dst, int n, int frame) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float c = dst[i] * 2.0f;
    if (frame == 0)
      dst[i] = c;
    else
      dst[i] = (dst[i] * frame + c) / (frame + 1);
  }
}
int main() {
  float *d;
  cudaMalloc(&d, 1 << 22);
  int pass = rand() % 128;
  render<<<4096, 256>>>(d, 1 << 20, pass);
  return 0;
}
// 1 FLOP per element at frame 0, 4 from frame 1 on; one load, or two.
// CHECK: "name": "render"
// CHECK: "totals": {
// CHECK-NEXT: "flops": {
// CHECK-NEXT: "low": 1048576,
// CHECK-NEXT: "high": 4194304
// CHECK: "global_load_bytes": {
// CHECK-NEXT: "low": 4194304,
// CHECK-NEXT: "high": 8388608
// CHECK: "unbound": []
// CHECK: "range_reasons": [
// CHECK-NEXT: "argument 'frame' is not known ({{.*}}rand{{.*}}): the counts span frame = 0 .. 1, and every larger value counts as 1"
