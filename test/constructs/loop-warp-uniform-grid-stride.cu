// A grid-stride loop that steps the warp's first index (every lane takes
// the same trips, so a full-mask ballot is legal) with a lane-0 guard
// inside has no closed form over the threads: the launch-wide formulas
// keep the trip count of one thread. As the lanes of a warp share it, the
// totals are those formulas' mean over the warps of the bound launch:
// 8 blocks of 256 threads (64 warps, 3,125 warp steps over n = 100,000)
// load the 100,000 floats once; the integer operations are 3 per lane and
// step, 1 per warp and step (lane 0's popc and add count as the warp's
// one), and 4 per thread: 3 x 100,000 + 3,125 + 4 x 2,048 = 311,317.
// The mean is exact where each statement's threads are spread over the
// warps like all threads (a lane guard); the report says it assumes so.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources | FileCheck %s --check-prefix=TEXT
// TEXT-NOT: rl-unsupported
// TEXT: load 400 KB
// TEXT-NOT: rl-unsupported
// CHECK: "name": "count_above"
// CHECK: "totals": {
// CHECK: "int_ops": 311317,
// CHECK: "global_loads": 100000,
// CHECK-NEXT: "global_load_bytes": 400000,
// CHECK: "assumptions": [
// CHECK: "int_ops, compare_ops, global_loads, global_load_bytes, dram_bytes: a trip count the lanes of each warp share, averaged over the launch's warps
__global__ void count_above(const float *x, unsigned *count, int n) {
  const int lane = threadIdx.x % 32;
  unsigned local = 0;
  for (int base = blockIdx.x * blockDim.x + threadIdx.x - lane; base < n;
       base += blockDim.x * gridDim.x) {
    const int i = base + lane;
    const bool above = i < n && x[i] > 0.5f;
    const unsigned ballot = __ballot_sync(0xffffffffu, above);
    if (lane == 0)
      local += __popc(ballot);
  }
  if (lane == 0)
    atomicAdd(count, local);
}
int main() {
  float *x;
  unsigned *c;
  cudaMalloc(&x, 100000 * sizeof(float));
  cudaMalloc(&c, sizeof(unsigned));
  count_above<<<8, 256>>>(x, c, 100000);
  return 0;
}
