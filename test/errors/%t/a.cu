// Input of project-cache.test: a kernel with no includes of its own.
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * 2.0f;
}

void run_a(float *x) { scale<<<4096, 256>>>(x, 4096 * 256); }
