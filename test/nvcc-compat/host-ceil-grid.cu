// `dim3 grid(ceil((float)n / block.x))`: rounding of known values binds
// the launch, and what stays unknown is named as the user wrote it, never
// as the math library's internals (`__builtin_ceilf(__x)`).
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// CHECK: "name": "k",
// CHECK: "grid": [
// CHECK-NEXT: 40,
// CHECK-NEXT: 3,
// CHECK-NOT: __builtin
#include <cmath>
__global__ void k(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 0.0f;
}
int main(int argc, char **argv) {
  const int n = 10000;
  dim3 block(256);
  dim3 grid(ceil((float)n / block.x), floor(3.5), 1);
  k<<<grid, block>>>(nullptr, n);
  dim3 other(ceilf(atoi(argv[1]) / 256.0f));
  k<<<other, block>>>(nullptr, n);
}
