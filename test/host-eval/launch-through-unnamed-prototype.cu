// A kernel declared above main without parameter names and defined below
// it: the launch's arguments take the definition's names.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
// CHECK: scale grid=32x1x1 block=256x1x1 args=factor=0.5,size=8192 chain=main count=1
// CHECK-NEXT: entries: 1
static __global__ void scale(float *, int, float);

int main() {
  float *d = nullptr;
  const int n = 8192;
  cudaMalloc(&d, n * sizeof(float));
  scale<<<32, 256>>>(d, n, 0.5f);
  return 0;
}

static __global__ void scale(float *a, int size, float factor) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < size;
       i += blockDim.x * gridDim.x)
    a[i] *= factor;
}
