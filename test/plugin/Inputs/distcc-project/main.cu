// The program's driver. Its extension is .cu, which distcc does not take
// for a source file: this compile stays on the local machine.
#include <cuda_runtime.h>

void run_gather(const float *in, float *out);
void run_transpose(const float *a, float *b);
void run_reduce(const float *in, float *partial);

__global__ void fill(float *p, float v, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    p[t] = v;
}

int main() {
  const int n = 1 << 20;
  float *a, *b;
  cudaMalloc(&a, 16 * sizeof(float) * n);
  cudaMalloc(&b, sizeof(float) * n);
  fill<<<n / 256, 256>>>(a, 1.0f, n);
  run_gather(a, b);
  run_transpose(a, b);
  run_reduce(a, b);
  cudaDeviceSynchronize();
  cudaFree(a);
  cudaFree(b);
  return 0;
}
