// Host code of cross-file-cpp-main.cu: a C++ file that calls the CUDA
// file's wrapper, as a .cpp compiled by the host compiler would.
#include <cstdlib>
#include <cuda_runtime.h>
void runScale(float *x, int n);
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  for (int step = 0; step < 10; ++step)
    runScale(x, n);
  return 0;
}
