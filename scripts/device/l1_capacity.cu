// l1_capacity.cu - how much of a cyclic re-read the L1 keeps, against the
// working set per block, the blocks per SM and the shared memory beside it.
// Each thread of a 256-thread block re-reads its column of W rows (W KiB
// per block) `Steps` times; with B blocks on each of the 132 SMs. Run under
// ncu by scripts/device/idioms_check.sh (SRC=scripts/device/l1_capacity.cu);
// each launch prints "probe,<shared bytes>,<blocks per SM>,<rows>" in
// order, which bench/l1reuse/capacity.py pairs with ncu's L2 read sectors.
#include <cstdio>

constexpr int Threads = 256;
constexpr int Steps = 16;

__global__ void probe(const float *X, float *y, int rows, int cols,
                      int shared_floats) {
  extern __shared__ float stage[];
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int t = 0; t < Steps; ++t)
    for (int j = 0; j < rows; ++j)
      s = s * 0.5f + X[j * cols + r];
  // The shared memory is used, so that it is allocated as asked.
  for (int k = threadIdx.x; k < shared_floats; k += blockDim.x)
    stage[k] = s + k;
  __syncthreads();
  if (shared_floats > 0)
    s += stage[(threadIdx.x * 7) % shared_floats];
  y[r] = s;
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       200 * 1024);
  const size_t Elems = size_t(300) * 2 * 132 * Threads; // 300 rows, 2 blocks per SM
  float *x, *y;
  cudaMalloc(&x, Elems * sizeof(float));
  cudaMalloc(&y, size_t(2) * 132 * Threads * sizeof(float));
  cudaMemset(x, 0, Elems * sizeof(float));
  struct Case {
    int SharedKiB, PerSm;
    int Rows[10];
  };
  const Case Cases[] = {
      {0, 1, {128, 160, 192, 208, 224, 232, 240, 248, 256, 272}},
      {0, 2, {64, 80, 88, 96, 104, 112, 120, 128, 0, 0}},
      {8, 1, {160, 192, 208, 224, 240, 0, 0, 0, 0, 0}},
      {40, 1, {32, 64, 96, 128, 160, 176, 192, 0, 0, 0}},
      {100, 1, {32, 64, 96, 112, 128, 144, 0, 0, 0, 0}},
      {164, 1, {16, 32, 48, 64, 80, 0, 0, 0, 0, 0}},
  };
  for (const Case &C : Cases)
    for (int Rows : C.Rows) {
      if (Rows == 0)
        continue;
      int Blocks = sms * C.PerSm;
      int Cols = Blocks * Threads;
      if (size_t(Rows) * Cols > Elems)
        continue;
      int SharedFloats = C.SharedKiB * 1024 / 4;
      probe<<<Blocks, Threads, C.SharedKiB * 1024>>>(x, y, Rows, Cols,
                                                     SharedFloats);
      cudaError_t e = cudaDeviceSynchronize();
      printf("probe,%d,%d,%d,%s\n", C.SharedKiB * 1024, C.PerSm, Rows,
             cudaGetErrorString(e));
    }
  return 0;
}
