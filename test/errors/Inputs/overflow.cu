// Counts that overflow 128 bits: n*n iterations of a load for n = 2^62
// (bound at the launch), and a constant 2^186-iteration nest (overflows
// while the kernel is read).
__global__ void nest(long n, float *y) {
  float s = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      s += y[j] * 2.0f;
  y[threadIdx.x] = s;
}

__global__ void constant_nest(float *y) {
  float s = 0;
  for (long i = 0; i < (1L << 62); i++)
    for (long j = 0; j < (1L << 62); j++)
      for (long k = 0; k < (1L << 62); k++)
        s += y[k] * 2.0f;
  y[threadIdx.x] = s;
}
