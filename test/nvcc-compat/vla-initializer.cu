// An initialised variable-length array in host code: g++ (nvcc's host
// compiler) accepts it, clang does not; the file is analysed.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// CHECK: "name": "k",
// CHECK: "not_analysed": [],
// CHECK-NOT: rl-frontend-error
__global__ void k(int *p) { p[threadIdx.x] = 1; }
int main(int argc, char **argv) {
  int counts[argc] = {0};
  k<<<1, 32>>>(counts);
  return counts[0];
}
