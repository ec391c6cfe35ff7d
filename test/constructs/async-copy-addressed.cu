// An asynchronous copy of a size the source fixes (cuda::memcpy_async with
// an aligned_size_t, __pipeline_memcpy_async with sizeof) is a global load
// at its source's address and a shared store at its destination's: the
// memory model counts its sectors, its footprint and its DRAM reads, as it
// does for a plain load. A pointer that a ?: over two arrays chooses is
// each array's on the threads that take its side.
// RUN: %rl-analyze-stub %s --gpu H200 --format=json | FileCheck %s

// 4096 blocks x 256 threads x 16 bytes: 16 MiB read once (it fits in the
// L2), 4 MiB written.
__global__ void stage_tiles(const float *in, float *out) {
  __shared__ float tile[4 * 256];
  cuda::pipeline pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<16>(16);
  int i = blockIdx.x * 256 + threadIdx.x;
  pipe.producer_acquire();
  cuda::memcpy_async(&tile[4 * threadIdx.x], &in[4 * i], shape, pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  __syncthreads();
  out[i] = tile[threadIdx.x];
  pipe.consumer_release();
}

// 1024 blocks x 128 threads x 16 bytes: 2 MiB read.
__global__ void stage_pipeline(const float4 *in, float *out) {
  __shared__ float4 buf[128];
  __pipeline_memcpy_async(&buf[threadIdx.x], &in[blockIdx.x * 128 + threadIdx.x],
                          sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  out[blockIdx.x * 128 + threadIdx.x] = buf[threadIdx.x].x;
}

// Half the warps copy from a, half from b (a ?: over two arrays): each
// half reads 256 blocks x 128 lanes x 16 bytes = 512 KiB of its array, in
// whole 64-byte DRAM fetch units on the H200: 1 MiB in all.
__global__ void stage_either(const float4 *a, const float4 *b, float *out) {
  __shared__ float4 buf[256];
  cuda::pipeline pipe = cuda::make_pipeline();
  const float4 *src = threadIdx.x < 128 ? a : b;
  cuda::memcpy_async(&buf[threadIdx.x], &src[blockIdx.x * 256 + threadIdx.x],
                     cuda::aligned_size_t<16>(16), pipe);
  pipe.consumer_wait();
  out[blockIdx.x * 256 + threadIdx.x] = buf[threadIdx.x].y;
}

int main() {
  float *in, *out;
  cudaMalloc((void **)&in, 4096 * 256 * 16);
  cudaMalloc((void **)&out, 4096 * 256 * 4);
  stage_tiles<<<4096, 256>>>(in, out);
  stage_pipeline<<<1024, 128>>>((const float4 *)in, out);
  stage_either<<<256, 256>>>((const float4 *)in, (const float4 *)in, out);
}

// CHECK-LABEL: "name": "stage_tiles"
// CHECK: "global_load_bytes": 16777216,
// CHECK: "shared_store_bytes": 16777216,
// CHECK: "footprint_bytes": 20971520,
// CHECK: "dram_read_bytes": 16777216,
// CHECK-LABEL: "name": "stage_pipeline"
// CHECK: "global_load_bytes": 2097152,
// CHECK: "dram_read_bytes": 2097152,
// CHECK-LABEL: "name": "stage_either"
// CHECK: "global_load_bytes": 1048576,
// CHECK: "dram_read_bytes": 1048576,
