// A vector filled by a loop that runs until the input ends (a signal read
// value by value) has a length the source does not decide: the size taken
// from it, and the launch built on it, are unknown with that reason, not
// the length the vector had before the loop.
// RUN: %rl-analyze %s --no-config --no-resources | FileCheck %s
#include <cstdio>
#include <cstdlib>
#include <vector>
__global__ void fill(float *out, float v) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
bool readSignal(const char *name, unsigned *len) {
  std::vector<float> values;
  FILE *f = fopen(name, "r");
  if (!f)
    return false;
  float x;
  while (!feof(f)) {
    fscanf(f, "%f", &x);
    values.push_back(x);
  }
  values.pop_back();
  fclose(f);
  *len = static_cast<unsigned>(values.size());
  return true;
}
int main() {
  unsigned length = 0;
  if (!readSignal("signal.dat", &length))
    exit(1);
  float *d;
  cudaMalloc(&d, length * sizeof(float));
  fill<<<1, length / 2>>>(d, 0.0f);
  return 0;
}
// CHECK: fill ({{.*}}) launch-site {{.*}} grid 1x1x1 block ?x1x1
// CHECK: launch: block.x is not known from the source: 'values' changes in the loop at {{.*}}vector-grown-in-data-loop.cu:18
// CHECK-NOT: block 0x
