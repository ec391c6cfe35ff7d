// dim3 constructors with one, two and three arguments; missing dimensions are
// 1.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s
#include "cuda.h"

__global__ void k3(float *y) {
  int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  y[b * blockDim.x * blockDim.y * blockDim.z + t] = 1.0f;
}

void one(float *y) { k3<<<dim3(3), dim3(64)>>>(y); }
void two(float *y) { k3<<<dim3(4, 2), dim3(16, 16)>>>(y); }
void three(float *y) { k3<<<dim3(2, 3, 4), dim3(8, 4, 2)>>>(y); }

// CHECK-LABEL: "name": "k3"
// CHECK: "grid": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK: "totals": {
// CHECK: "global_stores": 192,
// CHECK-LABEL: "name": "k3"
// CHECK: "grid": [
// CHECK-NEXT: 4,
// CHECK-NEXT: 2,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block": [
// CHECK-NEXT: 16,
// CHECK-NEXT: 16,
// CHECK-NEXT: 1
// CHECK: "totals": {
// CHECK: "global_stores": 2048,
// CHECK-LABEL: "name": "k3"
// CHECK: "grid": [
// CHECK-NEXT: 2,
// CHECK-NEXT: 3,
// CHECK-NEXT: 4
// CHECK-NEXT: ],
// CHECK-NEXT: "block": [
// CHECK-NEXT: 8,
// CHECK-NEXT: 4,
// CHECK-NEXT: 2
// CHECK: "totals": {
// CHECK: "global_stores": 1536,
