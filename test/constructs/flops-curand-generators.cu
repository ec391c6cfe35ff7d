// cuRAND's device generators count as the math table counts a call, by the
// generator their state is: curand_uniform scales 32 random bits with one
// FMA (2 FLOPs); curand_normal makes a Box-Muller pair every other call (7
// FLOPs, 4 special functions and 38 hardware FLOPs a pair, half of it per
// call); curand() is integer work. curand_init writes the whole state (48
// bytes for XORWOW); its skip-ahead has no FLOPs (curand-init-skip-ahead.cu
// counts its loads).
// RUN: %rl-analyze %s --no-resources --format=json | FileCheck %s
#include <curand_kernel.h>

__global__ void seed(curandState *states) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, tid, 0, &states[tid]);
}

__global__ void paths(float *out, curandState *states) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s = states[tid];
  float x = 0;
  for (int i = 0; i < 10; i++)
    x += curand_normal(&s);
  out[tid] = x + curand_uniform(&s) + curand(&s);
  states[tid] = s;
}

void run(float *out, curandState *states) {
  seed<<<4, 256>>>(states);
  paths<<<4, 256>>>(out, states);
}

// 1024 threads x 48 bytes.
// CHECK: "name": "seed"
// CHECK: "totals": {
// CHECK: "global_store_bytes": 49152,
// CHECK: "curand_init's skip-ahead to subsequence
// Per thread: 10 x (3.5 + 1 for +=) + 2 (uniform) + 2 (adds) = 49;
// hardware: 10 x (19 + 1) + 2 + 2 = 204.
// CHECK: "name": "paths"
// CHECK: "totals": {
// CHECK: "flops": 50176,
// CHECK: "sfu_ops": 20480,
// CHECK: "hardware_flops": 208896,
