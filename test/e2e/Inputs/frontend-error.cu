// One kernel with an error in its body, one without: the good one is
// analysed, the broken one listed as not analysed.
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

__global__ void broken(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = undeclared_helper(x[i]);
}

int main() {
  float *x = nullptr;
  int n = 1 << 20;
  scale<<<(n + 255) / 256, 256>>>(x, 2.0f, n);
  broken<<<(n + 255) / 256, 256>>>(x, n);
  return 0;
}
