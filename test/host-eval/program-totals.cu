// The program line sums each entry times its launch count.
// RUN: %rl-analyze %s --no-config --no-resources --gpu H200 | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources --gpu H200 --format=json | FileCheck %s --check-prefix=JSON
__global__ void step(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * 0.5f;
}
int main() {
  int n = 1 << 20;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  for (int t = 0; t < 10; ++t)
    step<<<n / 256, 256>>>(x, n);
  return 0;
}
// One launch: 2^20 FLOPs and 8 MiB requested; ten of them.
// CHECK: program: 10 launches when main runs, 10.5 MFLOP, 83.9 MB DRAM; H200 {{[0-9.]+}} {{[mu]}}s
// JSON: "program": {
// JSON-NEXT: "launches": 10,
// JSON-NEXT: "flops": 10485760,
// JSON-NEXT: "dram_bytes": 83886080,
