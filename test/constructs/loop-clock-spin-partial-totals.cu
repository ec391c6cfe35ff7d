// A loop that spins until a number of clock ticks has passed has no trip
// count in the source. The counts that do not depend on it (no FLOPs, one
// store per thread) are exact in the JSON totals; the instruction counts
// and the memory levels, which need it, stay null, and the launch has no
// verdict.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
#include <ctime>
__global__ void spin(clock_t *out, clock_t ticks) {
  unsigned start = (unsigned)clock();
  clock_t elapsed = 0;
  while (elapsed < ticks)
    elapsed = (clock_t)((unsigned)clock() - start);
  out[blockIdx.x * blockDim.x + threadIdx.x] = elapsed;
}
int main() {
  clock_t *d;
  cudaMalloc((void **)&d, 64 * sizeof(clock_t));
  spin<<<2, 32>>>(d, 100000);
  return 0;
}
// CHECK: "name": "spin"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 0,
// CHECK: "int_ops": null,
// CHECK: "global_load_bytes": 0,
// CHECK: "global_stores": 64,
// CHECK-NEXT: "global_store_bytes": 512,
// CHECK: "dram_bytes": null,
// CHECK: "l2_bytes": null,
// CHECK: "unbound": [
// CHECK-NEXT: "trips_L11"
// CHECK: "bound": "unknown"
