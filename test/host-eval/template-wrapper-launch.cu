// Launch wrappers that are templates: a kernel passed as a template
// argument, and a block size given as a template value parameter
// (`launchFixed<512>`), whose instantiated body reads 512.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void scale(float *x, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

template <typename Kernel> void launchOver(Kernel k, float *x, int n) {
  k<<<(n + 255) / 256, 256>>>(x, n, 2.0f);
}

template <int Block> void launchFixed(float *x, int n) {
  scale<<<(n + Block - 1) / Block, Block>>>(x, n, 3.0f);
}

int main() {
  float *x = nullptr;
  launchOver(scale, x, 1 << 12);
  launchFixed<512>(x, 1 << 16);
  launchFixed<64>(x, 1000);
  return 0;
}

// CHECK-DAG: scale grid=16x1x1 block=256x1x1 args=a=2,n=4096 chain=main -> launchOver(x=0, n=4096) count=1
// CHECK-DAG: scale grid=128x1x1 block=512x1x1 args=a=3,n=65536 chain=main -> launchFixed(x=0, n=65536) count=1
// CHECK-DAG: scale grid=16x1x1 block=64x1x1 args=a=3,n=1000 chain=main -> launchFixed(x=0, n=1000) count=1
// CHECK: entries: 3
