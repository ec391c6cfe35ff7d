// The padding fix-it of a bank conflict is offered only where the model
// checked that one more element per row removes the conflict, and only for
// an extent written as a literal: a row read two apart (padding 32 -> 33
// leaves lanes 66 words apart, still 2-way), an extent from a macro and a
// one-dimensional array get the finding without an edit.
// RUN: %rl-analyze-stub %s --launch 'twoApart:grid=4,block=32' \
// RUN:   --launch 'fromMacro:grid=4,block=32x32' --launch 'flat:grid=4,block=32' \
// RUN:   --format=diagnostics | FileCheck %s --implicit-check-not=fix-it
#include "cuda.h"

#define TILE 32

__global__ void twoApart(float *out) {
  __shared__ float t[64][32];
  t[0][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t[2 * threadIdx.x][0];
}

__global__ void fromMacro(float *out) {
  __shared__ float t[TILE][TILE];
  t[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

__global__ void flat(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32];
}

// CHECK-DAG: mem-bank-conflict-fixit.cu:17:22: warning: shared-memory load of 't' is a {{[0-9]+}}-way bank conflict
// CHECK-DAG: mem-bank-conflict-fixit.cu:24:43: warning: shared-memory load of 't' is a 32-way bank conflict
// CHECK-DAG: mem-bank-conflict-fixit.cu:31:22: warning: shared-memory load of 's' is a 32-way bank conflict
