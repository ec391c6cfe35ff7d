// Seed: an N x N matmul reads A and B and writes C once: 12*N^2 bytes of
// compulsory DRAM traffic, 2*N^3 FLOPs, intensity N/6. N = 4096: 683 FLOP/B,
// above the L40S ridge (106): compute-bound against DRAM. N = 256: 42.7,
// below the L40S ridge but above the H100's (20). Both fit in the L40S L2 (or
// one wave of blocks does), so the DRAM estimate is the footprint.
// RUN: %rl-analyze-stub %s --launch 'matmul:grid=256x256,block=16x16' \
// RUN:   --bind N=4096 --gpu=L40S --format=json | FileCheck %s --check-prefix=BIG
// RUN: %rl-analyze-stub %s --launch 'matmul:grid=16x16,block=16x16' \
// RUN:   --bind N=256 --gpu=L40S --gpu=H100 --format=json \
// RUN:   | FileCheck %s --check-prefix=SMALL
#include "cuda.h"

__global__ void matmul(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float sum = 0.0f;
    for (int k = 0; k < N; ++k)
      sum += A[row * N + k] * B[k * N + col];
    C[row * N + col] = sum;
  }
}

// 12 * 4096^2 = 201326592 bytes.
// BIG: "footprint_bytes": 201326592,
// BIG-NEXT: "dram_bytes": 201326592,
// BIG: "intensity": {
// BIG-NEXT: "dram": {{682\.66[0-9]*}},
// BIG: "verdicts": [
// BIG: "ridge_point": {{106\.01[0-9]*}},
// BIG-NEXT: "intensity": {{682\.66[0-9]*}},
// BIG-NEXT: "attainable_flops": 91600000000000,

// 12 * 256^2 = 786432 bytes.
// SMALL: "footprint_bytes": 786432,
// SMALL-NEXT: "dram_bytes": 786432,
// SMALL: "dram": {{42\.66[0-9]*}},
// SMALL: "gpu": "L40S",
// SMALL: "ridge_point": {{106\.01[0-9]*}},
// SMALL-NEXT: "intensity": {{42\.66[0-9]*}},
// SMALL: "gpu": "H100 SXM",
// SMALL: "ridge_point": 20,
// SMALL-NEXT: "intensity": {{42\.66[0-9]*}},
// SMALL-NEXT: "attainable_flops": 67000000000000,
