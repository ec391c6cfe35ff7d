// A Sobol state's curand_init writes the whole state (3 words and the 32
// direction vectors: 140 bytes), reads the direction vectors it is given
// (128 bytes) and skips ahead by XORing those of the offset's Gray code,
// read back from the state (128 bytes more). Over 4 x 256 threads: 143,360
// bytes stored, 262,144 loaded; none of it is "no work".
// RUN: %rl-analyze %s --no-resources --format=json | FileCheck %s
#include <curand_kernel.h>

__global__ void seedSobol(curandStateSobol32 *states,
                          curandDirectionVectors32_t *vectors) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(vectors[0], tid * 1000, &states[tid]);
}

void run(curandStateSobol32 *states, curandDirectionVectors32_t *vectors) {
  seedSobol<<<4, 256>>>(states, vectors);
}

// CHECK-LABEL: "name": "seedSobol"
// CHECK-NOT: "rl-no-work"
// CHECK: "totals": {
// CHECK-DAG: "global_load_bytes": 262144,
// CHECK-DAG: "global_store_bytes": 143360,
// CHECK-NOT: "rl-no-work"
