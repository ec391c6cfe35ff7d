#ifndef FACTOR_TERMS
#error "FACTOR_TERMS comes from the project config's flags"
#endif

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int t = 0; t < FACTOR_TERMS; ++t)
      y[i] = 2.0f * y[i];
}
