// atomicAdd on float and int counts in atomic_ops and atomic_bytes, not in
// the global load/store bytes; the atomic's own add is not a FLOP.
// RUN: %rl-analyze-stub %s --launch 'atom:grid=2,block=64' --format=json \
// RUN:   | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'atom:grid=2,block=64' \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG \
// RUN:       --implicit-check-not=warning: --implicit-check-not=note:
#include "cuda.h"

__global__ void atom(const float *x, float *sum, int *hist, double *dsum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  atomicAdd(sum, v);
  atomicAdd(&hist[i & 15], 1);
  atomicAdd(dsum, 1.0);
}

// Three atomics per thread: 4 + 4 + 8 bytes. The only plain global access is
// the load of x[i].
// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "0",
// CHECK: "global_loads": "1",
// CHECK-NEXT: "global_load_bytes": "4",
// CHECK-NEXT: "global_stores": "0",
// CHECK-NEXT: "global_store_bytes": "0",
// CHECK: "atomic_ops": "3",
// CHECK-NEXT: "atomic_bytes": "16",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 0,
// CHECK: "global_loads": 128,
// CHECK-NEXT: "global_load_bytes": 512,
// CHECK-NEXT: "global_stores": 0,
// CHECK-NEXT: "global_store_bytes": 0,
// CHECK: "atomic_ops": 384,
// CHECK-NEXT: "atomic_bytes": 2048,

// The atomics at the H200's measured rates (data/gpus.json): 128 updates of
// the float 'sum', every lane on one address, one after another at the
// float interval (1.769 ns: 226 ns); 128 of the double 'dsum' at the integer
// table's one-address interval (0.731 ns: 93.6 ns; doubles are not
// measured); and 128 of 'hist', lanes on distinct addresses (16 of them: at
// the lane-distinct rate of the fewest slots measured, 73.2 ps per update,
// 9.37 ns): 329 ns, more than any other level.
// DIAG: remark: atom is atomics-bound on H200: 384 atomic updates, 1 distinct addresses at the most-contended site (predicted 1.83 us) [rl-memory-bound]
