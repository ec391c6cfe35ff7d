// A batched matrix product with one thread per output decomposes the global
// index: idx / (M * M) is the batch, (idx / M) % M the row, idx % M the
// column, with blocks of 256 threads smaller than a 32 x 32 matrix. The
// address is affine in the digits of the global index (a matrix a block
// does not finish is split across blocks), so A, B and C are counted
// exactly: 3 x 16384 x 4 KiB = 201 MB of footprint, each read once from
// DRAM, where before each load counted as its own sectors (4.36 GB).
// RUN: %rl-analyze-stub %s \
// RUN:   --launch 'batched:grid=65536,block=256,batch=16384' --gpu=H200 \
// RUN:   --verbose | FileCheck %s

constexpr int M = 32;
constexpr int MM = M * M;

__global__ void batched(const float *A, const float *B, float *C, int batch) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= batch * MM)
    return;
  const int b = idx / MM;
  const int i = (idx / M) % M;
  const int j = idx % M;
  float acc = 0.0f;
  for (int k = 0; k < M; ++k)
    acc += A[b * MM + i * M + k] * B[b * MM + k * M + j];
  C[idx] = acc;
}

// CHECK: memory     footprint 201 MB, DRAM 201 MB
// CHECK-NOT: cannot bound
// CHECK: summary:
