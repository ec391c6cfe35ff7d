// A fill of one float per thread over 65,536 blocks of 256 threads: the H200
// writes its 67 MB in about 15 us, but hands out blocks at 157 SM cycles
// each (scripts/device/launch_floor.sh: 41 us for this grid, empty or
// not), so the launch is bound by handing out its blocks, and the 1.5 us
// every launch takes is added.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t
// RUN: %rl-analyze %s --gpu H200 --no-config --resource-cache-dir=%t \
// RUN:   | FileCheck %s
// RUN: %rl-analyze %s --gpu H200 --no-config --resource-cache-dir=%t \
// RUN:   --format=diagnostics | FileCheck %s --check-prefix=DIAG
// RUN: %rl-analyze %s --gpu H200 --no-config --resource-cache-dir=%t \
// RUN:   --format=json | FileCheck %s --check-prefix=JSON
// CHECK: H200  launch  40.9 us
// CHECK: launch     H200: 65,536 blocks handed out in 39.4 us (497 per SM at 157 cycles each), plus 1.50 us every launch takes
// CHECK: next       at its roof on H200 (launch): only fewer blocks (more elements per thread: a grid-stride loop over a grid of a few waves) make it faster
// DIAG: remark: fill is launch-bound on H200: 65,536 blocks take 39.4 us to hand out (157 cycles per block per SM), more than their work (predicted 40.9 us, 1.50 us of it the floor every launch takes) [rl-memory-bound]
// JSON:      "bound": "launch",
// JSON:      "limiters": [
// JSON-NEXT:   {
// JSON-NEXT:     "level": "launch",
// JSON:      "launch": {
// JSON-NEXT:   "blocks": 65536.0,
// JSON-NEXT:   "blocks_per_sm": 497.0,
// JSON-NEXT:   "cycles_per_block": 157.0,
// JSON-NEXT:   "dispatch_time_s": 3.94{{[0-9]+}}e-05,
// JSON-NEXT:   "floor_s": 1.5e-06

__global__ void fill(float *out, float v) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main() {
  float *out;
  cudaMalloc((void **)&out, (1 << 24) * sizeof(float));
  fill<<<65536, 256>>>(out, 1.0f);
  cudaDeviceSynchronize();
  return 0;
}
