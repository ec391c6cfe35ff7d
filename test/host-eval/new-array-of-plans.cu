// `new T[n]` of a few objects holds what the program writes into them: a
// plan per GPU filled in a loop and handed to the function that launches
// (cuda-samples' MonteCarloMultiGPU). A large `new[]` holds data and stays
// unknown.
// RUN: %rl-analyze %s --gpu H200 --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
struct Plan {
  int device;
  int count;
  int gridSize;
  float *data;
};
__global__ void work(float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] += 1.0f;
}
static void init(Plan *plan) {
  cudaMalloc((void **)&plan->data, plan->gridSize * 256 * sizeof(float));
  work<<<plan->gridSize, 256>>>(plan->data, plan->count);
}
int main() {
  int gpus;
  cudaGetDeviceCount(&gpus);
  Plan *plans = new Plan[gpus];
  for (int i = 0; i < gpus; i++) {
    plans[i].count = 8192 / gpus;
    plans[i].gridSize = (plans[i].count + 255) / 256;
  }
  for (int i = 0; i < gpus; i++)
    init(&plans[i]);
  int *sizes = new int[1 << 20];
  sizes[0] = 64;
  work<<<sizes[0], 256>>>(plans[0].data, 1);
  delete[] plans;
  delete[] sizes;
  return 0;
}
// CHECK: work grid=32x1x1 block=256x1x1 args=n=8192
// CHECK-SAME: chain=main -> init() count=1
// CHECK: work grid=?x1x1 block=256x1x1 args=n=1
// CHECK-NEXT: note: grid.x is not known from the source:
// CHECK: entries: 2
