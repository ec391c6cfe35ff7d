// The next step of a latency-bound launch whose occupancy is held back by
// its shared memory: 40 KB per block of 128 threads leaves 5 blocks, 20 of
// 64 warps per SM on an H100. Their 2640 x 32 x 4 B = 338 KB of loads in
// flight wait 503 ns each (few sectors queue in front of DRAM), so the
// 268 MB the loads read take 400 us; the other limits allow 64 warps, whose
// 1.08 MB in flight wait the loaded 850 ns and sustain 1.27 TB/s: 211 us,
// and handing out the 524,288 blocks (315 us, plus the 1.5 us floor)
// becomes the bound.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t
// RUN: %rl-analyze %s --gpu H100 --no-config --resource-cache-dir=%t \
// RUN:   | FileCheck %s
// CHECK: occupancy  H100 SXM 10 regs, 40960 B smem: 5 blocks, 20/64 warps (31%), limited by shared_memory
// CHECK: next       lift the occupancy limit (shared_memory: 20 -> 64 warps per SM): -141 us of 459 us on H100 SXM

__global__ void staged_copy(int n, const float *in, float *out) {
  __shared__ float stage[10240];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    stage[threadIdx.x] = in[i];
    out[i] = stage[threadIdx.x];
  }
}

void run(const float *in, float *out) {
  int n = 1 << 26;
  staged_copy<<<n / 128, 128>>>(n, in, out);
}
