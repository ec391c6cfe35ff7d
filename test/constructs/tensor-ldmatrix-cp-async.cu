// Data movement of the tensor-core pipeline in inline PTX: cp.async copies
// 16 bytes per thread from global to shared memory (the global side keeps
// its address, so coalescing and footprint apply), ldmatrix .x4 reads four
// 8x8 b16 matrices per warp from shared memory (16 B per thread);
// commit_group and wait_group move nothing.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --launch 'stage:grid=4,block=128' --format=json \
// RUN:   | FileCheck %s

__global__ void stage(const float4 *g, unsigned *out) {
  __shared__ float4 tile[128];
  unsigned dst = (unsigned)__cvta_generic_to_shared(&tile[threadIdx.x]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n"
               :
               : "r"(dst), "l"(&g[blockIdx.x * 128 + threadIdx.x]));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, "
               "[%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(dst));
  out[blockIdx.x * 128 + threadIdx.x] = r0 ^ r1 ^ r2 ^ r3;
}

// 512 threads x 16 B from global; the same into shared memory; 512 x 16 B
// read back by ldmatrix.
// CHECK: "global_load_bytes": 8192,
// CHECK: "global_store_bytes": 2048,
// CHECK: "shared_load_bytes": 8192,
// CHECK-NEXT: "shared_store_bytes": 8192,
// CHECK: "footprint_bytes": 10240,
// CHECK-NOT: rl-inline-asm
