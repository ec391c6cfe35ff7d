// A store whose lanes are 16 bytes apart spreads a request over 4 lines,
// two lanes in each sector: on the H200 such stores ran at DRAM speed
// (scripts/device/scatter_rates.sh, store_stride 4), so they cost their
// sector bytes at the L2 bandwidth and no per-line time: the launch is
// bound by DRAM, not L2, and no L2 assumption is listed.
// RUN: %rl-analyze-stub %s --launch 'every_fourth:grid=65536,block=256' \
// RUN:   --gpu=H200 --verbose | FileCheck %s

__global__ void every_fourth(float *out) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  out[i * 4] = 1.0f;
}

// CHECK: H200  dram
// CHECK-NOT: store requests spread over more than 4 lines
// CHECK: summary:
