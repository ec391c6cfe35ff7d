// A loop whose condition always holds (`for (;;)`, `do ... while (1)`) is
// counted by the counter test among its exits, `if (k >= n || data) break;`,
// as if it were `while (k < n)`; the data test makes it a range up to that
// count. The escape-time idiom (Mandelbrot) counts down in the body.
// RUN: %rl-analyze-stub %s --launch 'scanUntil:grid=1,block=32' --bind n=100 \
// RUN:   --format=json | FileCheck %s --check-prefix=SCAN
// RUN: %rl-analyze-stub %s --launch 'escapeTime:grid=1,block=32' \
// RUN:   --bind crunch=40 --format=json | FileCheck %s --check-prefix=ESC
#include "cuda.h"

__global__ void scanUntil(const float *x, float *y, int n) {
  float acc = 0.0f;
  for (int k = 0;; ++k) {
    if (k >= n || x[k] < 0.0f)
      break;
    acc += x[k];
  }
  y[threadIdx.x] = acc;
}

__device__ int escape(float c, int crunch) {
  int i = crunch;
  float z = 0.0f;
  do {
    z = z * z + c;
    i -= 4;
    if (i <= 0 || z > 4.0f)
      return i;
  } while (1);
}

__global__ void escapeTime(const float *c, int *out, int crunch) {
  out[threadIdx.x] = escape(c[threadIdx.x], crunch);
}

// Up to 100 adds per thread.
// SCAN: "name": "scanUntil"
// SCAN: "totals": {
// SCAN-NEXT: "flops": {
// SCAN-NEXT: "low": 0,
// SCAN-NEXT: "high": 3200
// SCAN: "range_reasons": [
// SCAN-NEXT: "loop at {{.*}}loop-exit-test.cu:13:3 may exit early (break/return)"

// Up to 40 / 4 = 10 trips of a multiply and an add.
// ESC: "name": "escapeTime"
// ESC: "totals": {
// ESC-NEXT: "flops": {
// ESC-NEXT: "low": 0,
// ESC-NEXT: "high": 640
