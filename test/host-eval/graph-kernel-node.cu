// A kernel node of a CUDA graph is a launch: its kernel, sizes and scalar
// arguments are the fields of its parameters (cudaGraphAddKernelNode's
// cudaKernelNodeParams; cudaGraphAddNode's `kernel` member of the union).
// It runs each time the graph is launched, which is not followed: the count
// is not known.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void axpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}
__global__ void clear(float *y) { y[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
int main() {
  int n = 1 << 20;
  float a = 2.0f, *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaGraph_t graph;
  cudaGraphCreate(&graph, 0);
  cudaGraphNode_t first, second;

  cudaKernelNodeParams p = {};
  p.func = (void *)axpy;
  p.gridDim = dim3((n + 255) / 256);
  p.blockDim = dim3(256);
  p.sharedMemBytes = 0;
  void *args[] = {&y, &x, &a, &n};
  p.kernelParams = args;
  cudaGraphAddKernelNode(&first, graph, nullptr, 0, &p);

  cudaGraphNodeParams q = {cudaGraphNodeTypeKernel};
  q.kernel.func = (void *)clear;
  q.kernel.gridDim.x = 512;
  q.kernel.gridDim.y = q.kernel.gridDim.z = 1;
  q.kernel.blockDim.x = 128;
  q.kernel.blockDim.y = q.kernel.blockDim.z = 1;
  void *none[] = {&y};
  q.kernel.kernelParams = none;
  cudaGraphAddNode(&second, graph, &first, nullptr, 1, &q);

  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, 0);
  return 0;
}
// CHECK: axpy grid=4096x1x1 block=256x1x1 args=a=2,n=1048576 chain=main count=?
// CHECK-NEXT: note: a kernel node of a CUDA graph (cudaGraphAddKernelNode): it runs each time the graph is launched
// CHECK: clear grid=512x1x1 block=128x1x1 args=- chain=main count=?
// CHECK-NEXT: note: a kernel node of a CUDA graph (cudaGraphAddNode): it runs each time the graph is launched
// CHECK: entries: 2
