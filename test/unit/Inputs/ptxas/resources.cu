// Kernels whose ptxas -v output the parser tests read (captured with nvcc 13).
template <typename T, int N> __global__ void tile(const T *in, T *out) {
  __shared__ T buf[N];
  buf[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[N - 1 - threadIdx.x];
}
template __global__ void tile<float, 256>(const float *, float *);
template __global__ void tile<double, 128>(const double *, double *);

__device__ __noinline__ float helper(float x) { return x * x + 1.0f; }

__global__ void __launch_bounds__(1024, 2) spill(const float *in, float *out,
                                            int n) {
  float acc[64];
#pragma unroll
  for (int i = 0; i < 64; ++i)
    acc[i] = in[(threadIdx.x * 64 + i) % n];
  float s = 0;
  for (int k = 0; k < n; ++k) {
#pragma unroll
    for (int i = 0; i < 64; ++i)
      s += acc[i] * helper(acc[(i + 1) & 63]);
  }
  out[threadIdx.x] = s;
}

extern "C" __global__ void plain_c(float *x) { x[threadIdx.x] *= 2.0f; }

__global__ void dyn(float *x) {
  extern __shared__ float d[];
  d[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = d[blockDim.x - 1 - threadIdx.x];
}
