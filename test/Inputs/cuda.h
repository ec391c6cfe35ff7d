// Minimal CUDA declarations for hermetic tests (parsed with -nocudainc): the
// builtin index variables come from clang's own header, the rest is declared
// here so tests need neither the toolkit nor its headers.
#pragma clang system_header
#pragma once

#include <stddef.h>

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))

struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};
struct __attribute__((aligned(8))) float2 {
  float x, y;
};
struct __attribute__((aligned(16))) float4 {
  float x, y, z, w;
};
struct __attribute__((aligned(16))) double2 {
  double x, y;
};
struct __attribute__((aligned(16))) int4 {
  int x, y, z, w;
};

#include "__clang_cuda_builtin_vars.h"

typedef struct cudaStream *cudaStream_t;
typedef int cudaError_t;
extern "C" int cudaConfigureCall(dim3 gridSize, dim3 blockSize,
                                 size_t sharedSize = 0, cudaStream_t stream = 0);
extern "C" int __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                           size_t sharedSize = 0,
                                           cudaStream_t stream = 0);
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
cudaError_t cudaMalloc(void **p, size_t s);
cudaError_t cudaFree(void *p);
cudaError_t cudaDeviceSynchronize();

__device__ void __syncthreads();
__device__ float atomicAdd(float *address, float val);
__device__ int __ffs(int x);
__device__ int __popc(unsigned x);
__device__ int __clz(int x);
__device__ int atomicAdd(int *address, int val);
__device__ unsigned atomicAdd(unsigned *address, unsigned val);
__device__ double atomicAdd(double *address, double val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ int atomicMax(int *address, int val);
__device__ float __ldg(const float *p);
__device__ float4 __ldg(const float4 *p);
__device__ float __shfl_down_sync(unsigned mask, float var, unsigned delta,
                                  int width = 32);

__device__ float fmaf(float a, float b, float c);
__device__ float __fmaf_rn(float a, float b, float c);
__device__ double fma(double a, double b, double c);
__device__ float expf(float x);
__device__ float __expf(float x);
__device__ float sqrtf(float x);
__device__ float rsqrtf(float x);
__device__ float sinf(float x);
__device__ float tanhf(float x);
__device__ float logf(float x);
__device__ float fmaxf(float a, float b);
__device__ float fminf(float a, float b);
__device__ float fabsf(float a);
__device__ double exp(double x);
__device__ double sqrt(double x);
__device__ int min(int a, int b);
__device__ int max(int a, int b);

// Asynchronous copies into shared memory (<cuda/pipeline>, <cuda_pipeline.h>).
namespace cuda {
template <size_t Align> struct aligned_size_t {
  size_t value;
  __host__ __device__ explicit aligned_size_t(size_t v) : value(v) {}
};
struct pipeline {
  __device__ void producer_acquire();
  __device__ void producer_commit();
  __device__ void consumer_wait();
  __device__ void consumer_release();
};
__device__ pipeline make_pipeline();
template <size_t Align>
__device__ void memcpy_async(void *dst, const void *src,
                             aligned_size_t<Align> size, pipeline &pipe);
__device__ void memcpy_async(void *dst, const void *src, size_t size,
                             pipeline &pipe);
} // namespace cuda
__device__ void __pipeline_memcpy_async(void *dst, const void *src,
                                        size_t size, size_t zfill = 0);
__device__ void __pipeline_commit();
__device__ void __pipeline_wait_prior(size_t n);
