// A doubling loop `for (k = 1; k < n; k *= 2)` runs ceil(log2(n)) times:
// 10 for n = 1000 and for n = 1024, 11 for n = 1025, none for n = 1.
// RUN: %rl-analyze-stub %s --launch 'dbl:grid=1,block=1' --bind n=1000 \
// RUN:   --format=json | FileCheck %s --check-prefix=N1000
// RUN: %rl-analyze-stub %s --launch 'dbl:grid=1,block=1' --bind n=1024 \
// RUN:   --format=json | FileCheck %s --check-prefix=N1024
// RUN: %rl-analyze-stub %s --launch 'dbl:grid=1,block=1' --bind n=1025 \
// RUN:   --format=json | FileCheck %s --check-prefix=N1025
// RUN: %rl-analyze-stub %s --launch 'dbl:grid=1,block=1' --bind n=1 \
// RUN:   --format=json | FileCheck %s --check-prefix=N1
#include "cuda.h"

__global__ void dbl(float *y, int n) {
  for (int k = 1; k < n; k *= 2)
    y[k] = 0.0f;
}

// N1000: "totals": {
// N1000: "global_stores": 10,
// N1024: "totals": {
// N1024: "global_stores": 10,
// N1025: "totals": {
// N1025: "global_stores": 11,
// N1: "totals": {
// N1: "global_stores": 0,
