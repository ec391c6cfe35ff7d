// Assigning one global struct element to another (operator=) is a load of the
// source and a store of the destination, sizeof(struct) bytes each, like the
// copy into a local.
// RUN: %rl-analyze-stub %s --launch 'assign:grid=2,block=64' \
// RUN:   --launch 'assign2:grid=2,block=64' --launch 'viaLocal:grid=2,block=64' \
// RUN:   --format=json | FileCheck %s
#include "cuda.h"

struct Particle {
  float x, y, z;
  int id;
};

__global__ void assign(const Particle *in, Particle *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void assign2(const float2 *in, float2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void viaLocal(const Particle *in, Particle *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Particle p;
  p = in[i];
  out[i] = p;
}

// CHECK-LABEL: "name": "assign"
// CHECK: "per_thread": {
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "16",
// CHECK-NEXT: "global_stores": "1",
// CHECK-NEXT: "global_store_bytes": "16",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 2048,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 2048,
// CHECK-LABEL: "name": "assign2"
// CHECK: "totals": {
// CHECK: "global_load_bytes": 1024,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 1024,
// CHECK-LABEL: "name": "viaLocal"
// CHECK: "totals": {
// CHECK: "global_load_bytes": 2048,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 2048,
