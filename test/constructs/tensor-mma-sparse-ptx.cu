// Inline PTX mma.sp (2:4 structured sparsity): the tensor cores multiply
// half of the K products the shape names, so m16n8k32 .sp counts as many
// FLOPs as a dense m16n8k16 (16*8*32 = 4096 per warp), against the dense
// peak, with an assumption saying so. One warp.
// RUN: %rl-analyze-stub %s --launch 'sparse:grid=1,block=32' \
// RUN:   --format=json | FileCheck %s

__global__ void sparse(float *d) {
  float c[4] = {0, 0, 0, 0};
  unsigned a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0}, meta = 0;
  asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, "
               "{%0,%1,%2,%3}, %12, 0x0;\n"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(meta));
  d[threadIdx.x] = c[0];
}

// CHECK-LABEL: "name": "sparse"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 4096,
// CHECK: sparse MMA at {{.*}}: counted as the products the tensor cores compute
// CHECK-NOT: rl-inline-asm
