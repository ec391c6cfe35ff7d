// Atomics whose lanes hit distinct addresses of a few hot ones (item i into
// slot i % 64): a warp's 32 updates go out as one request, and the requests
// to the same lines queue at their L2 slice. The H200 takes 73 ps per update
// at 64 slots (scripts/device/scatter_rates.sh, lane-distinct table in
// data/gpus.json): 2^24 updates in 1.23 ms, where the random-lane rates
// alone gave 192 us.
// RUN: %rl-analyze-stub %s --launch 'hot_slots:grid=65536,block=256' \
// RUN:   --gpu=H200 | FileCheck %s
// RUN: %rl-analyze-stub %s --launch 'hot_slots:grid=65536,block=256' \
// RUN:   --gpu=H200 --format=diagnostics | FileCheck %s --check-prefix=DIAG

__global__ void hot_slots(float *slot) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&slot[i % 64], 1.0f);
}

// CHECK: H200  atomics  1.23 ms
// DIAG: warning: atomic on 'slot': 16777216 updates to 64 distinct addresses (262144 per address) serialize, about 1228.39 us at the rate H200 measured for lanes on distinct addresses; the predicted time includes it [rl-atomic-contention]
