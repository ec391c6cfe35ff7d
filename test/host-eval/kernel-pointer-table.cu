// A kernel chosen through a table of kernel pointers (or a pointer passed
// as a parameter): each kernel the run launches there is an entry of its
// own.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void twice(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 2.0f;
}
__global__ void thrice(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 3.0f;
}
typedef void (*Scale)(float *, int);
void run(Scale kernel, float *y, int n) { kernel<<<n / 256, 256>>>(y, n); }
int main() {
  int n = 1 << 20;
  float *y;
  cudaMalloc(&y, n * sizeof(float));
  Scale table[] = {twice, thrice};
  for (int k = 0; k < 2; ++k)
    table[k]<<<n / 128, 128>>>(y, n);
  run(thrice, y, 4096);
  return 0;
}
// CHECK: twice grid=8192x1x1 block=128x1x1 args=n=1048576 chain=main count=1
// CHECK-NEXT: thrice grid=16x1x1 block=256x1x1 args=n=4096 chain=main -> run(n=4096) count=1
// CHECK-NEXT: thrice grid=8192x1x1 block=128x1x1 args=n=1048576 chain=main count=1
// CHECK-NEXT: entries: 3
