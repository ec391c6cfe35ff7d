// A kernel that launches a kernel (dynamic parallelism) parses without
// -rdc, and the device-side <<<>>> reads its grid and block from the
// launch, not from cudaLaunchDevice's leading arguments.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// CHECK: "name": "child",
// CHECK: "grid": [
// CHECK-NEXT: null,
// CHECK: "block": [
// CHECK-NEXT: 256,
// CHECK: device-side launch from kernel 'parent'
__global__ void child(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2.0f;
}
__global__ void parent(float *p, int n) {
  if (threadIdx.x == 0)
    child<<<(n + 255) / 256, 256>>>(p, n);
}
int main() { parent<<<1, 32>>>(nullptr, 1 << 20); }
