// getenv sees --env; cudaGetDeviceProperties answers for the first --gpu, and
// the entry says which.
// RUN: %rl-analyze %s --no-config --no-resources --gpu H100 --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=UNSET
// RUN: %rl-analyze %s --no-config --no-resources --gpu H200 --env N=1000 --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=SET
#include <cstdlib>
__global__ void fill(float *x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    x[i] = 1.0f;
}
int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int n = 1 << 24;
  if (const char *s = getenv("N"))
    n = atoi(s);
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  fill<<<prop.multiProcessorCount * 4, prop.maxThreadsPerBlock / 4>>>(x, n);
  return 0;
}
// UNSET: fill grid=528x1x1 block=256x1x1 args=n=16777216 chain=main count=1
// UNSET-DAG: note: device properties as on H100 SXM (the first --gpu)
// UNSET-DAG: note: as run with N unset (pass --env N=...)
// SET: fill grid=528x1x1 block=256x1x1 args=n=1000 chain=main count=1
// SET-NEXT: note: device properties as on H200 (the first --gpu)
// SET-NEXT: entries: 1
