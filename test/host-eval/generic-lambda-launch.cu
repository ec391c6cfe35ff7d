// Launches inside lambdas bind at each call: a generic lambda's body is a
// template, instantiated once per argument type, and each call is its own
// entry; a lambda called in a loop carries the loop's count.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void scale(float *x, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

int main() {
  float *x = nullptr;
  int n = 1 << 20;
  auto run = [&](auto size) {
    scale<<<(size + 127) / 128, 128>>>(x, size, 1.5f);
  };
  run(4096);
  run(n);
  run(size_t(1) << 16);
  auto twice = [=](int m) {
    for (int r = 0; r < 2; ++r)
      scale<<<m / 64, 64>>>(x, m, 0.5f);
  };
  twice(1 << 10);
  return 0;
}

// CHECK-DAG: scale grid=32x1x1 block=128x1x1 args=a=1.5,n=4096 chain=main -> operator()(size=4096) count=1
// CHECK-DAG: scale grid=8192x1x1 block=128x1x1 args=a=1.5,n=1048576 chain=main -> operator()(size=1048576) count=1
// CHECK-DAG: scale grid=512x1x1 block=128x1x1 args=a=1.5,n=65536 chain=main -> operator()(size=65536) count=1
// CHECK-DAG: scale grid=16x1x1 block=64x1x1 args=a=0.5,n=1024 chain=main -> operator()(m=1024) count=2
// CHECK: entries: 4
