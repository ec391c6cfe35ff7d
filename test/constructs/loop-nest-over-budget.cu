// Loops whose counts have no closed form (a trip count that is a floor
// division of two outer indices) are summed term by term, all nested sums
// sharing one budget of 2^20 terms: 100 x 100 outer iterations are exact,
// 10453344 FLOPs for 32 threads; 4096 x 4096 are past the budget and the count is left unknown with
// [rl-undefined], after a bounded time (room for the sanitized Debug build).
// RUN: timeout 240 %rl-analyze-stub %s --launch 'fl:grid=1,block=32' \
// RUN:   --bind m=100 --no-resources --format=json | FileCheck %s --check-prefix=EXACT
// RUN: timeout 240 %rl-analyze-stub %s --launch 'fl:grid=1,block=32' \
// RUN:   --bind m=4096 --no-resources --format=diagnostics | FileCheck %s --check-prefix=BUDGET
#include "cuda.h"

__global__ void fl(float *out, int m) {
  float acc = 0.0f;
  for (int t = 0; t < m; ++t)
    for (int u = 0; u < m; ++u)
      for (int v = 0; v < (t + u) / 3; ++v)
        acc += 1.0f;
  out[threadIdx.x] = acc;
}

// EXACT: "totals": {
// EXACT-NEXT: "flops": 10453344,
// EXACT-NOT: rl-undefined
// BUDGET: loop-nest-over-budget.cu:12:17: warning: 'flops' is not evaluated for this launch: its loops have no closed form and need more than 1048576 terms added one by one {{.*}}[rl-undefined]
