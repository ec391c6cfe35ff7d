// REQUIRES: cuda-toolkit
// The C++ overloads exp(float) and log(float) are the single-precision
// functions expf and logf (CUDA's math headers forward them), so their
// hardware FLOPs are those of expf and logf, not of exp and log on doubles.
// RUN: %rl-analyze %s --format=json | FileCheck %s

__global__ void overloads(const float *x, float *y) {
  int i = threadIdx.x;
  y[i] = exp(x[i]);
  y[i + 32] = log(x[i]);
}

void run(const float *x, float *y) { overloads<<<1, 32>>>(x, y); }

// Hardware view per thread: 10 (expf) + 24 (logf) = 34; 32 threads: 1088.
// The double functions would give 29 + 44 = 73 per thread (2336).
// CHECK: "totals": {
// CHECK: "hardware_flops": 1088,
