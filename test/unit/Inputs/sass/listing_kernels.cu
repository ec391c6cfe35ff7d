// Kernels whose nvdisasm -gi listing (sm_90, nvcc 13.0, -lineinfo) is
// listing_kernels.sass beside this file: the SASS listing tests read it.
__device__ float square_plus_one(float x) { return x * x + 1.0f; }

__global__ void strided_sum(const float *a, float *b, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0;
  for (int j = 0; j < m; ++j)
    s += square_plus_one(a[j * n + i]);
  b[i] = s;
}

__global__ void sine(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = sinf(x[i]);
}

__global__ void tree(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned h = 128; h > 0; h >>= 1) {
    if (t < h)
      s[t] += s[t + h];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
