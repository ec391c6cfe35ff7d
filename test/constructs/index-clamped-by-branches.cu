// An index clamped to a border by `if`s on the thread's own value keeps the
// value its thread's path gives it: `if (x < 0) x = 0` is max(x, 0) and
// `if (x >= w) x = w - 1` is min(x, w - 1); a coordinate set piecewise
// (`if (y < h) dy = y; if (y >= h) dy = h - 1;` on a variable declared
// without a value) is the value of the branch its thread takes. The loads
// are then coalesced as `s[x]` is, not a sector per lane.
// RUN: %rl-analyze-stub %s --launch 'clamp:grid=4096,block=256' \
// RUN:   --launch 'border:grid=64x256,block=32x8' --bind w=1000000 \
// RUN:   --bind W=2048 --bind H=2048 --bind dataW=2000 --bind dataH=2000 \
// RUN:   --format=json \
// RUN:   | FileCheck %s
// 1,048,576 floats read and written, in 32-byte sectors of 8 lanes each:
// 4 MiB each way (a sector per lane would read 32 MiB).
// CHECK: "name": "clamp",
// CHECK: "global_load_bytes": 4194304,
// CHECK: "global_sector_bytes": 8388608,
// 2048 x 2048 floats each way: 16 MiB each.
// CHECK: "name": "border",
// CHECK: "global_load_bytes": 16777216,
// CHECK: "global_sector_bytes": 33554432,
#include "cuda.h"

__global__ void clamp(float *d, const float *s, int w) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  int x = i - 32;
  if (x < 0)
    x = 0;
  if (x >= w)
    x = w - 1;
  d[i] = s[x];
}

__global__ void border(float *d, const float *s, int W, int H, int dataW,
                       int dataH) {
  const int y = blockDim.y * blockIdx.y + threadIdx.y;
  const int x = blockDim.x * blockIdx.x + threadIdx.x;
  if (y < H && x < W) {
    int dy, dx;
    if (y < dataH)
      dy = y;
    if (x < dataW)
      dx = x;
    if (y >= dataH)
      dy = dataH - 1;
    if (x >= dataW)
      dx = dataW - 1;
    d[y * W + x] = s[dy * dataW + dx];
  }
}
