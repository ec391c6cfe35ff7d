// A store of one float in every eight leaves each 32-byte sector partly
// written: the L2 reads the rest of each sector from DRAM to merge it when
// it evicts it (measured on the H200: 31 bytes per sector,
// scripts/device/scatter_rates.sh). 2^23 such sectors take 268 MB of L2, so
// the launch does not fit there although it writes only 33.6 MB: 268 MB
// read and 268 MB written.
// RUN: %rl-analyze-stub %s --launch 'every_eighth:grid=32768,block=256' \
// RUN:   --gpu=H200 --verbose | FileCheck %s

__global__ void every_eighth(float *out) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  out[i * 8] = 1.0f;
}

// CHECK: memory     footprint 33.6 MB, DRAM 537 MB, L2 268 MB
// CHECK: assumes: DRAM bytes: footprint 33.6 MB (268.4 MB of whole sectors) exceeds H200's L2
// CHECK-SAME: 'out' leaves sectors partly written: 268.4 MB read back from DRAM to merge them (at least 8388608 sectors; the rest of each is not written)
