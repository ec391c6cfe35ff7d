// A global load or store requests the size of its element type: char 1,
// short 2, int 4, float 4, double 8 bytes.
// RUN: %rl-analyze-stub %s --launch 'copy_char:grid=2,block=64' \
// RUN:   --launch 'copy_short:grid=2,block=64' \
// RUN:   --launch 'copy_int:grid=2,block=64' \
// RUN:   --launch 'copy_float:grid=2,block=64' \
// RUN:   --launch 'copy_double:grid=2,block=64' --format=json | FileCheck %s
#include "cuda.h"

__global__ void copy_char(const char *x, char *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i];
}

__global__ void copy_short(const short *x, short *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i];
}

__global__ void copy_int(const int *x, int *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i];
}

__global__ void copy_float(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i];
}

__global__ void copy_double(const double *x, double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i];
}

// CHECK-LABEL: "name": "copy_char"
// CHECK: "global_load_bytes": "1",
// CHECK: "totals": {
// CHECK: "global_loads": 128,
// CHECK-NEXT: "global_load_bytes": 128,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 128,
// CHECK: "dram_bytes": 256,
// CHECK-LABEL: "name": "copy_short"
// CHECK: "global_load_bytes": "2",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 256,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 256,
// CHECK-LABEL: "name": "copy_int"
// CHECK: "global_load_bytes": "4",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 512,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
// CHECK-LABEL: "name": "copy_float"
// CHECK: "global_load_bytes": "4",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 512,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 512,
// CHECK-LABEL: "name": "copy_double"
// CHECK: "global_load_bytes": "8",
// CHECK: "totals": {
// CHECK: "global_load_bytes": 1024,
// CHECK-NEXT: "global_stores": 128,
// CHECK-NEXT: "global_store_bytes": 1024,
// CHECK: "dram_bytes": 2048,
