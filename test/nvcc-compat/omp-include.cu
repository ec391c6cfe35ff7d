// <omp.h> lives in the host compiler's own include folder (nvcc compiles
// host code with g++): the parse adds g++'s folders after clang's, and
// -fopenmp (or -Xcompiler -fopenmp in a compile database) is accepted.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json -- -fopenmp \
// RUN:   | FileCheck %s
// CHECK: "name": "scale",
// CHECK: "not_analysed": [],
// CHECK-NOT: rl-frontend-error
#include <omp.h>
__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }
int main() {
  int threads = omp_get_max_threads();
#pragma omp parallel for
  for (int d = 0; d < threads; ++d)
    scale<<<1, 64>>>(nullptr);
  return 0;
}
