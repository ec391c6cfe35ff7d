// The program's main: the sizes the launch in runner.cu gets.
#include <cuda_runtime.h>
void runScale(float *x, int n);
int main() {
  float *x;
  cudaMalloc(&x, SIZE * sizeof(float));
  runScale(x, SIZE);
  return 0;
}
