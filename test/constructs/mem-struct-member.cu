// Reading one member of a global struct element requests only that member's
// bytes; a second member is a second access.
// RUN: %rl-analyze-stub %s --launch 'member:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
#include "cuda.h"

struct Particle {
  float x, y, z;
  int id;
};

__global__ void member(const Particle *p, float *ys, int *ids) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ys[i] = p[i].y;
  ids[i] = p[i].id;
}

// CHECK: "per_thread": {
// CHECK: "global_loads": "2",
// CHECK-NEXT: "global_load_bytes": "8",
// CHECK-NEXT: "global_stores": "2",
// CHECK-NEXT: "global_store_bytes": "8",
// CHECK: "totals": {
// CHECK: "global_loads": 256,
// CHECK-NEXT: "global_load_bytes": 1024,
