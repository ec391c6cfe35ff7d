// nvcc options after `--` that change the device code reach the resource
// compile: -maxrregcount 32 caps the kernel ptxas gives 64 registers
// without it, and the occupancy follows.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t
// RUN: %rl-analyze %s --gpu H200 --no-config --resource-cache-dir=%t \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: %rl-analyze %s --gpu H200 --no-config --resource-cache-dir=%t \
// RUN:   -- -maxrregcount 32 --use_fast_math | FileCheck %s --check-prefix=CAPPED
// DEFAULT: occupancy  H200 64 regs, 0 B smem: 4 blocks, 32/64 warps (50%), limited by registers
// CAPPED: occupancy  H200 32 regs, 0 B smem: 8 blocks, 64/64 warps (100%), limited by warps+registers

__global__ void many(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[48];
#pragma unroll
  for (int j = 0; j < 48; ++j)
    acc[j] = in[i + j * n];
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < 48; ++j)
    s += acc[j] * acc[47 - j] * __expf(acc[j]);
  out[i] = s;
}

void run(const float *in, float *out) { many<<<1024, 256>>>(in, out, 262144); }
