// saxpy that now also copies a second half of x: more bytes, same FLOPs.
__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = a * x[i] + y[i];
    y[i + n] = x[i + n];
  }
}

void run(const float *x, float *y) {
  const int n = 1 << 20;
  saxpy<<<n / 256, 256>>>(2.0f, x, y, n);
}
