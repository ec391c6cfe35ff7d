// A grid-stride loop that also steps pointers by its own stride (`i += step,
// px += step`, with px = points + i at the start): at every point of the
// loop's space, px is points + i. The reads keep their coalesced pattern and
// their footprint; a pointer the loop moves by another amount stays unknown.
// RUN: %rl-analyze-stub %s --launch 'inside:grid=64,block=128' \
// RUN:   --bind n=65536 --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void inside(unsigned *results, const float *points, unsigned n) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned step = gridDim.x * blockDim.x;
  const float *px = points + tid;
  const float *py = px + n;
  unsigned count = 0;
  for (unsigned i = tid; i < n; i += step, px += step, py += step) {
    float x = *px;
    float y = *py;
    count += x * x + y * y < 1.0f;
  }
  results[tid] = count;
}

// Both halves of points: 2 x 65536 floats, each sector read once.
// CHECK-LABEL: "name": "inside"
// CHECK: "arrays": [
// CHECK: "name": "points",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 524288,
// CHECK: "reads": 524288,
// CHECK: "load_sector_bytes": 524288,
// CHECK-NOT: of unknown origin
