// Launches CUDA rejects with cudaErrorInvalidConfiguration.
__global__ void scale(int n, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 2.0f;
}

int main() {
  float *y = 0;
  int n = 1 << 20;
  scale<<<dim3(16, 70000), 256>>>(n, y); // gridDim.y above 65535
  scale<<<16, dim3(32, 1, 128)>>>(n, y); // blockDim.z above 64
  scale<<<4096, 256>>>(n, y);            // fine
  return 0;
}
