// Host code calls unqualified min/max, which nvcc's math headers declare
// __host__ __device__ (clang's are device-only): the file is analysed.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// CHECK: "name": "fill",
// CHECK: "grid": [
// CHECK-NEXT: 4,
// CHECK: "not_analysed": [],
// CHECK-NOT: rl-frontend-error
__global__ void fill(float *p, float v) { p[threadIdx.x] = min(v, 1.0f); }

int main() {
  int blocks = max(min(4, 8), 2);
  unsigned threads = min(256u, 1024u);
  long big = max(1L, 2L);
  double d = min(1.0, 2.0f);
  fill<<<blocks, threads>>>(nullptr, (float)(d + big));
  return 0;
}
