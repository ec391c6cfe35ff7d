// cuda::memcpy_async loads its size from global into shared memory per
// calling thread (16 bytes here, the size an aligned_size_t holds); it is
// not a free library call, so the launch's load bytes are not 0, and its
// source's address goes through the memory model (4.2 MB read from DRAM,
// with the real toolkit headers as with the stub's in
// async-copy-addressed.cu). A group's
// copy (a group first) has a size over the group's threads the source does
// not say: a symbol to bind, never 0.
// RUN: %rl-analyze %s --no-config --no-resources --verbose | FileCheck %s
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void stage(const float4 *in, float *out) {
  __shared__ float4 buf[256];
  auto pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<16>(sizeof(float4));
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[threadIdx.x], &in[blockIdx.x * 256 + threadIdx.x],
                     shape, pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[blockIdx.x * 256 + threadIdx.x] = buf[threadIdx.x].x;
  pipe.consumer_release();
}

__global__ void group_copy(const float *in, float *out, int n) {
  __shared__ float buf[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, buf, in + blockIdx.x * 1024, sizeof(float) * 1024);
  cg::wait(block);
  out[blockIdx.x * 1024 + threadIdx.x] = buf[threadIdx.x];
}

int main() {
  float4 *in;
  float *out;
  cudaMalloc(&in, 1024 * 256 * sizeof(float4));
  cudaMalloc(&out, 1024 * 256 * sizeof(float));
  stage<<<1024, 256>>>(in, out);
  group_copy<<<256, 1024>>>((const float *)in, out, 1 << 18);
}
// CHECK: stage
// CHECK: bytes 5,242,880 load 4.19 MB store 1.05 MB
// CHECK: memory     footprint 5.24 MB, DRAM 5.24 MB
// CHECK: assumes: DRAM bytes: {{.*}}; 'in' read once (the launch's data fits in L2): 4.2 MB read
// CHECK: group_copy
// CHECK: unbound: copy_bytes_L31
// CHECK: assumes: 'memcpy_async' at {{.*}}async-copy-memcpy-async.cu:31:3 copies 'copy_bytes_L31' bytes per thread (a group's copy: its size over the group's threads): bind it with --bind copy_bytes_L31=N
