// A file whose launches are written with spaces inside the chevrons
// (`k<< <grid, block>> >`, which nvcc accepts) is read as nvcc reads it in
// the several-file run too: its rewritten text lives as long as the parse
// (a dangling copy once made clang parse freed memory, an abort "ran out of
// source locations" on Rodinia's particlefilter).
// RUN: %rl-analyze %s %S/Inputs/scale-runner.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
void runScale(float *x, int n);
__global__ void fill(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 1.0f;
}
int main() {
  float *x;
  cudaMalloc(&x, 4096 * sizeof(float));
  fill<< <16, 256>> >(x, 4096);
  runScale(x, 4096);
  return 0;
}
// CHECK: file: {{.*}}cross-file-spaced-chevrons.cu
// CHECK-NEXT: fill grid=16x1x1 block=256x1x1 args=n=4096 chain=main (cross-file-spaced-chevrons.cu) count=1
// CHECK-NEXT: entries: 1
// CHECK-NEXT: file: {{.*}}scale-runner.cu
// CHECK-NEXT: scale grid=16x1x1 block=256x1x1 args=n=4096 chain=main (cross-file-spaced-chevrons.cu) -> runScale(n=4096) (scale-runner.cu) count=1
// CHECK-NEXT: entries: 1
