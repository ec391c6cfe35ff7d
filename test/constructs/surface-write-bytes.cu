// REQUIRES: cuda-toolkit
// surf2Dwrite stores its value through the surface object: a store of the
// value's bytes, whose x coordinate is in bytes already (x * 4 for floats),
// and one fetch by the texture units. 1024 rows of 1024 floats: 4 MiB.
// RUN: %rl-analyze %s --format=json | FileCheck %s
#include <cuda_runtime.h>

__global__ void fill(cudaSurfaceObject_t surf) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  surf2Dwrite(1.0f, surf, x * 4, y);
}

void run(cudaSurfaceObject_t surf) { fill<<<dim3(4, 1024), 256>>>(surf); }

// CHECK: "totals": {
// CHECK: "global_store_bytes": 4194304,
// CHECK: "texture_fetches": 1048576,
// CHECK: "arrays": [
// CHECK: "name": "surf",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "footprint_bytes": 4194304,
