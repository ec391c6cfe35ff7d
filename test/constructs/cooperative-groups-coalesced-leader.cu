// The warp-aggregated atomic: the active lanes of a warp form a
// coalesced_group (coalesced_threads()), and its thread_rank() == 0 is one
// lane per warp that reaches the call, whichever lanes are active: its
// rank is taken as the lane. Under a data-dependent guard the updates are
// 0 .. one per warp, not one per thread: 4096 threads make at most 128.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int atomicAggInc(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int res = 0;
  if (active.thread_rank() == 0)
    res = atomicAdd(counter, active.size());
  res = active.shfl(res, 0);
  return res + active.thread_rank();
}

__global__ void filter(int *dst, int *count, const int *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && src[i] > 0)
    dst[atomicAggInc(count)] = src[i];
}

int main() {
  int *dst, *count, *src;
  filter<<<16, 256>>>(dst, count, src, 4096);
}

// CHECK: "totals": {
// CHECK: "atomic_ops": {
// CHECK-NEXT: "low": 0,
// CHECK-NEXT: "high": 128
