// Inline PTX mma.sync: 2*M*N*K tensor FLOPs per warp for each instruction,
// under the precision of its input type: m16n8k16 bf16, m16n8k8 tf32,
// m16n8k32 s8, m16n8k32 e4m3 (fp8) and m8n8k4 f16, whose sm_70 form is
// four 8x8x4 products per warp. One warp each.
// RUN: %rl-analyze-stub %s --launch 'bf16:grid=1,block=32' \
// RUN:   --launch 'tf32:grid=1,block=32' --launch 's8:grid=1,block=32' \
// RUN:   --launch 'e4m3:grid=1,block=32' --launch 'f16x4:grid=1,block=32' \
// RUN:   --format=json | FileCheck %s

__global__ void bf16(float *d) {
  float c[4] = {0, 0, 0, 0};
  unsigned a[4] = {0, 0, 0, 0}, b[2] = {0, 0};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
  d[threadIdx.x] = c[0];
}

__global__ void tf32(float *d) {
  float c[4] = {0, 0, 0, 0};
  unsigned a[4] = {0, 0, 0, 0}, b[2] = {0, 0};
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
  d[threadIdx.x] = c[0];
}

__global__ void s8(int *d) {
  int c[4] = {0, 0, 0, 0};
  unsigned a[4] = {0, 0, 0, 0}, b[2] = {0, 0};
  asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
               : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
  d[threadIdx.x] = c[0];
}

__global__ void e4m3(float *d) {
  float c[4] = {0, 0, 0, 0};
  unsigned a[4] = {0, 0, 0, 0}, b[2] = {0, 0};
  asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
  d[threadIdx.x] = c[0];
}

__global__ void f16x4(float *d) {
  float c[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  unsigned a[2] = {0, 0}, b[2] = {0, 0};
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, "
               "{%0,%1,%2,%3,%4,%5,%6,%7};\n"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]),
                 "+f"(c[5]), "+f"(c[6]), "+f"(c[7])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]));
  d[threadIdx.x] = c[0];
}

// CHECK-LABEL: "name": "bf16"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 0,
// CHECK-NEXT: "bf16": 4096,
// CHECK-LABEL: "name": "tf32"
// CHECK: "tensor_flops": {
// CHECK: "tf32": 2048,
// CHECK-LABEL: "name": "s8"
// CHECK: "tensor_flops": {
// CHECK: "int8": 8192,
// CHECK-LABEL: "name": "e4m3"
// CHECK: "tensor_flops": {
// CHECK: "fp8": 8192,
// CHECK-LABEL: "name": "f16x4"
// CHECK: "tensor_flops": {
// CHECK-NEXT: "fp16": 2048,
// CHECK-NOT: rl-inline-asm
