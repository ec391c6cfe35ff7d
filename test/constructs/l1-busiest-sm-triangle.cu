// L1 is an SM's own. Thread i sums row i of a triangle (uncoalesced: each
// lane its own row), 8192 rows in 32 blocks on a 132-SM H200: each block
// has an SM to itself, and the last block loads 1.97x the mean block's
// values, so its SM passes 1.97 * 132/32 = 8.12x the mean SM's L1 bytes:
// the L1 time is that SM's (measured 1.05 ms, docs/accuracy/ladders.md's
// tri_rowsum; 4.30 GB over all 132 SMs' L1 would take 128 us).
// RUN: %rl-analyze %s --no-config --no-resources | FileCheck %s
__global__ void tri_rowsum(const float *A, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int j = 0; j <= i; ++j)
      s += A[i * n + j];
    out[i] = s;
  }
}
int main() {
  float *a, *o;
  cudaMalloc((void **)&a, 8192ull * 8192 * 4);
  cudaMalloc((void **)&o, 8192 * 4);
  tri_rowsum<<<32, 256>>>(a, o, 8192);
}
// CHECK: memory footprint 134 MB, DRAM 134 MB, L2 134 MB, L1 4.30 GB
// CHECK: H200 l1 1.04 ms {{.*}} 1.04 ms 100%
