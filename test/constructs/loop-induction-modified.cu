// A for loop whose body also changes the induction variable has no derived
// trip count: counted as one iteration, with a remark at the loop.
// RUN: %rl-analyze-stub %s --launch 'skip:grid=1,block=32' --bind n=100 \
// RUN:   --gpu=L40S --format=diagnostics | FileCheck %s \
// RUN:       --implicit-check-not=warning: --implicit-check-not=note:
#include "cuda.h"

// CHECK: {{.*}}loop-induction-modified.cu:[[@LINE+1]]:17: remark: skip is memory-bound
__global__ void skip(const float *x, float *y, int n) {
  // CHECK: {{.*}}loop-induction-modified.cu:[[@LINE+1]]:3: remark: trip count of this loop is not derived (its body changes the induction variable); counted as one iteration [rl-unknown-trip-count]
  for (int k = 0; k < n; ++k) {
    if (x[k] == 0.0f)
      ++k;
    y[k] = 1.0f;
  }
}
