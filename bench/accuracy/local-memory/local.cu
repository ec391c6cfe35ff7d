// Local memory: per-thread arrays indexed by data, so that ptxas keeps them
// in each thread's stack frame (LDL/STL) instead of registers. Each thread
// fills its array once and reads one slot per iteration, the slot every
// thread of the launch reads at that iteration (a warp's 32 lanes then read
// 32 neighbouring words: local memory interleaves the frames by lane).
//
// The frames per SM against the L1 beside shared memory (256 KiB on an
// H100) and the frames of the whole GPU against its L2 (50 MiB) decide
// where the accesses hit (docs/memory-model.md, local memory):
//   frame  64 B x 2048 threads = 128 KiB a SM: L1 holds them
//   frame 256 B x 2048 threads = 512 KiB a SM: L1 holds half
//   frame   1 KiB x 2048       = 2 MiB a SM, 264 MiB on 132 SMs: past L2
//   frame   4 KiB x  512       = 2 MiB a SM (a quarter of the threads)
//   frame 256 B with 64 KiB of shared memory a block: less L1 left
#include <cstdio>
#include <cstdlib>

template <int N>
__global__ void gather(float *out, const int *idx, int iters) {
  float a[N];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < N; ++i)
    a[i] = t * i;
  float s = 0;
  for (int i = 0; i < iters; ++i)
    s += a[idx[i] & (N - 1)];
  out[t] = s;
}

template <int N>
__global__ void gatherShared(float *out, const int *idx, int iters) {
  extern __shared__ float tile[];
  float a[N];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < N; ++i)
    a[i] = t * i;
  tile[threadIdx.x] = a[t & (N - 1)];
  __syncthreads();
  float s = tile[(threadIdx.x + 1) % blockDim.x];
  for (int i = 0; i < iters; ++i)
    s += a[idx[i] & (N - 1)];
  out[t] = s;
}

int main() {
  const int Blocks = 1056, Threads = 256, Iters = 4096; // 8 blocks a SM
  float *out;
  int *idx;
  cudaMalloc(&out, Blocks * Threads * sizeof(float));
  cudaMalloc(&idx, Iters * sizeof(int));
  int *h = (int *)malloc(Iters * sizeof(int));
  srand(1);
  for (int i = 0; i < Iters; ++i)
    h[i] = rand();
  cudaMemcpy(idx, h, Iters * sizeof(int), cudaMemcpyHostToDevice);

  gather<16><<<Blocks, Threads>>>(out, idx, Iters);
  gather<64><<<Blocks, Threads>>>(out, idx, Iters);
  gather<256><<<Blocks, Threads>>>(out, idx, 1024);
  gather<1024><<<Blocks / 4, Threads>>>(out, idx, 256);
  cudaFuncSetAttribute(gatherShared<64>,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  gatherShared<64><<<Blocks, Threads, 65536>>>(out, idx, Iters);
  cudaError_t E = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(E));
  free(h);
  cudaFree(out);
  cudaFree(idx);
  return E == cudaSuccess ? 0 : 1;
}
