// Kernels whose nvdisasm -gi listing (sm_90, nvcc 13.0, -lineinfo) is
// listing_branches.sass beside this file: the instruction-count tests of
// if/else merged into one block and of the toolkit's special-case calls.
__global__ void scan_steps(const float *in, float *out) {
  __shared__ float buf[2][256];
  const int tid = threadIdx.x;
  int pout = 0;
  buf[pout][tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int offset = 1; offset < 256; offset *= 2) {
    const int pin = pout;
    pout = 1 - pout;
    if (tid >= offset)
      buf[pout][tid] = buf[pin][tid] + buf[pin][tid - offset];
    else
      buf[pout][tid] = buf[pin][tid];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = buf[pout][tid];
}

__global__ void sqrt_div(const float *x, float *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = sqrtf(x[i] + 2.0f) / (x[i] + 1.0f);
}
