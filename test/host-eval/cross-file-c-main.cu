// A program whose main is in a C file (`rl-analyze layer.cu main.c`): the C
// file is parsed as C, as its build compiles it, so that K&R definitions and
// casts C allows do not hide the call that reaches the launch.
// RUN: %rl-analyze %s %S/Inputs/c-main.c --no-config --no-resources --format=json --args 4096 | %python %inputs/launches.py | FileCheck %s
__global__ void layer(float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    in[i] *= 0.5f;
}
extern "C" void run_layer(float *in, int n, int hidden) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  layer<<<n / 256, 256>>>(d, n);
}
// CHECK: file: {{.*}}cross-file-c-main.cu
// CHECK-NEXT: layer grid=16x1x1 block=256x1x1 args=n=4096 chain=main (c-main.c) -> setup(argc=2) -> run_layer(n=4096, hidden=16) (cross-file-c-main.cu) count=1
// CHECK-NEXT: entries: 1
