// `k << < grid, block >> > (...)`: nvcc reads the spaced chevrons as a
// launch, and so does the analysis (same columns as written).
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// CHECK: "name": "k",
// CHECK: "grid": [
// CHECK-NEXT: 8,
// CHECK: "block": [
// CHECK-NEXT: 128,
// CHECK: "line": 15,
// CHECK-NEXT: "column": 3
__global__ void k(float *p) { p[threadIdx.x] = 0.0f; }
int main() {
  float *p = nullptr;
  k << < 8, 128 >> > (p);
  return 0;
}
