// isnan/isfinite/isinf and clock()/time() without <cmath> or <time.h>: nvcc's
// implicit includes provide them to host code.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// CHECK: "name": "k",
// CHECK: "not_analysed": [],
// CHECK-NOT: rl-frontend-error
__global__ void k(float *p) { p[threadIdx.x] += 1.0f; }

int main() {
  float f = 1.0f;
  if (isnan(f) || !isfinite(f) || isinf(f))
    return 1;
  clock_t start = clock();
  time_t now = time(NULL);
  srand((unsigned)now);
  k<<<1, 32>>>(nullptr);
  return (int)(clock() - start) < 0;
}
