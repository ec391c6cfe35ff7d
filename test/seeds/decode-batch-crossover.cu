// Seed: LLM decode is a GEMV over bf16 weights, one row per thread, for a
// batch of B tokens. Its intensity grows with B: 2*B*n^2 FLOPs over the
// weights (2*n^2 bytes, read once), the inputs (2*B*n) and the outputs
// (4*B*n): B / (1 + 3*B/n). On the H100 SXM's BF16 roof (295.2 FLOP/B),
// with n = 8192, it reaches the ridge at B = 295.2 / (1 - 3*295.2/8192) =
// 331.01, so B >= 332 (the lesson: about 295 when the activations are
// negligible). --solve works for any free symbol, not only a size.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --gpu=H100 --solve B --precision bf16 | FileCheck %s
#include <cuda_bf16.h>

__global__ void decode(const __nv_bfloat16 *W, const __nv_bfloat16 *x,
                       float *y, int n, int B) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int b = 0; b < B; ++b) {
      float s = 0.0f;
      for (int j = 0; j < n; ++j)
        s += __bfloat162float(W[i * n + j]) * __bfloat162float(x[b * n + j]);
      y[b * n + i] = s;
    }
}

void run(const __nv_bfloat16 *W, const __nv_bfloat16 *x, float *y) {
  decode<<<8192 / 256, 256>>>(W, x, y, 8192, 1);
}

// CHECK: crossover  H100 SXM: compute-bound when B ≥ ~332 (tensor bf16 roof
// The weights and inputs are bf16 already: storing the data as bf16 halves
// only the fp32 outputs, B / (1 + 2*B/n) = 295.2 at B = 318.2.
// CHECK-SAME: data stored as bf16 (bytes x1.00): compute-bound when B ≥ ~319
// CHECK-NOT: assumed: gridDim
