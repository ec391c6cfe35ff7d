// Kernels for the occupancy end-to-end test: compiled with nvcc for their
// registers and shared memory.
#include <cuda_runtime.h>

// Streams one float per thread; the launch asks for 48 KiB of dynamic shared
// memory per block it never uses, so few blocks fit on an SM.
__global__ void copy_padded(const float *in, float *out, int n) {
  extern __shared__ float unused[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

template <typename T, int N> __global__ void reverse_tile(const T *in, T *out) {
  __shared__ T buf[N];
  int base = blockIdx.x * N;
  buf[threadIdx.x] = in[base + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.x] = buf[N - 1 - threadIdx.x];
}

// 64 live values under __launch_bounds__(1024, 2): 32 registers, spills.
__global__ void __launch_bounds__(1024, 2)
    spill(const float *in, float *out, int n) {
  float acc[64];
#pragma unroll
  for (int i = 0; i < 64; ++i)
    acc[i] = in[(threadIdx.x * 64 + i) % n];
  float s = 0;
  for (int k = 0; k < 4; ++k) {
#pragma unroll
    for (int i = 0; i < 64; ++i)
      s += acc[i] * acc[(i + k + 1) & 63];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

void run(const float *in, float *out) {
  int n = 1 << 24;
  copy_padded<<<n / 256, 256, 48 * 1024>>>(in, out, n);
  reverse_tile<float, 256><<<n / 256, 256>>>(in, out);
  spill<<<n / 1024, 1024>>>(in, out, n);
}
