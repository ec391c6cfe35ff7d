// An interleaved tree sum: `t % (2 * s) == 0` leaves most lanes idle.
__global__ void tree_sum(const float *in, float *partial) {
  __shared__ float buf[256];
  unsigned t = threadIdx.x;
  buf[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned s = 1; s < 256; s *= 2) {
    if (t % (2 * s) == 0)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = buf[0];
}

void run_reduce(const float *in, float *partial) {
  tree_sum<<<4096, 256>>>(in, partial);
}
