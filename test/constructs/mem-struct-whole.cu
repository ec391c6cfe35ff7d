// Reading a user struct element whole requests sizeof(struct) bytes, however
// many members the thread uses afterwards.
// RUN: %rl-analyze-stub %s --launch 'whole:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

struct Particle {
  float x, y, z;
  int id;
};

__global__ void whole(const Particle *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Particle q = p[i];
  out[i] = q.x + q.y + q.z;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "2",
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "16",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "4",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 2048,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
