// Each thread reads every 32nd float: a warp touches 32 sectors per load.
__global__ void gather_stride(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * x[i * 32];
}

int main() {
  const int n = 1 << 20;
  float *x, *y;
  cudaMalloc(&x, 32 * sizeof(float) * n);
  cudaMalloc(&y, sizeof(float) * n);
  gather_stride<<<n / 256, 256>>>(x, y, n);
  cudaDeviceSynchronize();
  return 0;
}
