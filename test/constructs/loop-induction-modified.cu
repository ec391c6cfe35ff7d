// A for loop whose body also changes the induction variable has no derived
// trip count: its iterations per thread are the symbol trips_L<line> (never
// one iteration), with a remark at the loop.
// RUN: %rl-analyze-stub %s --launch 'skip:grid=1,block=32' --bind n=100 \
// RUN:   --gpu=L40S --format=diagnostics | FileCheck %s \
// RUN:       --implicit-check-not=warning:
#include "cuda.h"

// CHECK: {{.*}}loop-induction-modified.cu:[[@LINE+1]]:17: note: 'skip' has unbound symbols: trips_L12
__global__ void skip(const float *x, float *y, int n) {
  // CHECK: {{.*}}loop-induction-modified.cu:[[@LINE+1]]:3: remark: trip count of this loop is not derived (its body changes the induction variable); its iterations per thread are the symbol 'trips_L12': bind it with --bind trips_L12=N [rl-unknown-trip-count]
  for (int k = 0; k < n; ++k) {
    if (x[k] == 0.0f)
      ++k;
    y[k] = 1.0f;
  }
}

// Bound with --bind, the loop needs nothing more: no request to bind it.
// RUN: %rl-analyze-stub %s --launch 'skip:grid=1,block=32' --bind n=100 \
// RUN:   --bind trips_L12=50 --gpu=L40S --format=diagnostics \
// RUN:   | FileCheck %s --check-prefix=BOUND --implicit-check-not=rl-unknown-trip-count
// BOUND: remark: skip is
