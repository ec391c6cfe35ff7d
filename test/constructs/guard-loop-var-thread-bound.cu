// A guard that compares a loop's variable with a bound of the thread's own
// that is no interval of one index (binomial lattices: `if (i > final_it)`
// with final_it = max(0, tid * 4 - 1)): a 0/1 factor of the thread and the
// iteration, summed over both, not a range from none to all.
// RUN: %rl-analyze-stub %s --launch 'lattice:grid=2,block=32' \
// RUN:   --gpu=H200 --format=json | FileCheck %s
#include "cuda.h"

__global__ void lattice(float *out, float pu, float pd) {
  const int tid = threadIdx.x;
  float v = tid;
  int final_it = max(0, tid * 4 - 1);
  for (int i = 128; i > 0; --i)
    if (i > final_it)
      v = pu * v + pd;
}

// Per block: sum over tid of (128 - max(0, 4*tid - 1)) for 4*tid - 1 < 128,
// = 128 + sum_{t=1}^{31} (129 - 4t) = 2143 iterations, one FMA each:
// 2 x 2143 x 2 FLOPs.
// CHECK-LABEL: "name": "lattice"
// CHECK: "flops": 8572,
// CHECK: "range_reasons": []
