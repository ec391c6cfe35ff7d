// Hopper wgmma.mma_async is issued by a warpgroup of 128 threads together:
// m64n128k16 is 2*64*128*16 tensor FLOPs per warpgroup, each thread
// counting a 128th. Two warpgroups (256 threads) in one block. The fence,
// commit and wait around it move nothing; the shared-memory operands the
// descriptors point to are not counted, and the report says so.
// RUN: %rl-analyze-stub %s --launch 'wg:grid=1,block=256' --format=json \
// RUN:   | FileCheck %s

__global__ void wg(float *d, unsigned long long descA,
                   unsigned long long descB) {
  float c[4] = {0, 0, 0, 0};
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 "
               "{%0, %1, %2, %3}, %4, %5, 1, 1, 1, 0, 0;\n"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "l"(descA), "l"(descB));
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  d[threadIdx.x] = c[0];
}

// 2 warpgroups x 262144.
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 524288,
// CHECK: "assumptions": [
// CHECK: wgmma at {{.*}}tensor-wgmma.cu:13:3 reads its shared-memory operands through matrix descriptors
// CHECK-NOT: rl-inline-asm
