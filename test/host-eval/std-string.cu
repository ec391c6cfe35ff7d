// std::string values the program holds: compare, ==, size (the MonteCarlo
// samples pick the precision with `prec.compare("single") == 0`).
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#include <string>
template <typename Real> __global__ void paths(Real *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = Real(i);
}
int main() {
  std::string prec = "single";
  std::string mode("fast");
  float *out;
  cudaMalloc(&out, 1 << 20);
  if (prec.compare("single") == 0)
    paths<float><<<prec.size(), 128>>>(out, 768);
  if (mode == "fast" && mode != "slow" && !mode.empty())
    paths<float><<<mode.length(), 64>>>(out, 256);
  return 0;
}
// CHECK: paths<float> grid=6x1x1 block=128x1x1 args=n=768 chain=main count=1
// CHECK-NEXT: paths<float> grid=4x1x1 block=64x1x1 args=n=256 chain=main count=1
// CHECK-NEXT: entries: 2
