// A kernel whose nvdisasm -gi -c -hex listing (sm_90, nvcc 13.0, -lineinfo)
// is listing_curand.sass beside this file: curand_init's skip-ahead, the
// toolkit's loops inlined at the call on line 8.
#include <curand_kernel.h>

__global__ void seed(curandState *states) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, tid, 0, &states[tid]);
}
