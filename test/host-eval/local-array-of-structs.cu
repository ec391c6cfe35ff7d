// A local array of structs (`TGPUplan plan[MAX_GPU_COUNT]`, a C struct
// with a trivial constructor) is one object per element, each holding what
// the program assigns to its fields (cuda-samples' simpleMultiGPU).
// RUN: %rl-analyze %s --gpu H200 --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#define MAX_GPU_COUNT 32
typedef struct {
  int dataN;
  float *d_Data, *d_Sum;
} TGPUplan;
__global__ void reduceKernel(float *out, const float *in, int N) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int p = t; p < N; p += gridDim.x * blockDim.x)
    s += in[p];
  out[t] = s;
}
const int DATA_N = 1048576 * 32;
int main() {
  TGPUplan plan[MAX_GPU_COUNT];
  int gpus;
  cudaGetDeviceCount(&gpus);
  for (int i = 0; i < gpus; i++)
    plan[i].dataN = DATA_N / gpus;
  for (int i = 0; i < DATA_N % gpus; i++)
    plan[i].dataN++;
  for (int i = 0; i < gpus; i++) {
    cudaMalloc((void **)&plan[i].d_Data, plan[i].dataN * sizeof(float));
    cudaMalloc((void **)&plan[i].d_Sum, 32 * 256 * sizeof(float));
    reduceKernel<<<32, 256>>>(plan[i].d_Sum, plan[i].d_Data, plan[i].dataN);
  }
  return 0;
}
// CHECK: reduceKernel grid=32x1x1 block=256x1x1 args=N=33554432
// CHECK-SAME: chain=main count=1
// CHECK: entries: 1
