// Host code of driver-api-module.cu: loads the kernels' module at run time
// and launches them by name through the driver API.
#include <cuda.h>
int main() {
  CUmodule module;
  cuModuleLoad(&module, "module-kernels.cubin");
  CUfunction saxpy, fill;
  cuModuleGetFunction(&saxpy, module, "saxpy");
  const char *names[] = {"fill", "missing"};
  cuModuleGetFunction(&fill, module, names[0]);
  int n = 1 << 16;
  float a = 3.0f;
  CUdeviceptr x, y;
  cuMemAlloc(&x, n * sizeof(float));
  cuMemAlloc(&y, n * sizeof(float));
  void *args[] = {&a, &x, &y, &n};
  int threads = 128;
  int blocks = (n + threads - 1) / threads;
  for (int step = 0; step < 4; ++step)
    cuLaunchKernel(saxpy, blocks, 1, 1, threads, 1, 1, 0, 0, args, 0);
  void *fillArgs[] = {&y, &n};
  cuLaunchKernel(fill, 64, 1, 1, 256, 1, 1, 256 * sizeof(float), 0, fillArgs,
                 0);
  CUfunction missing;
  cuModuleGetFunction(&missing, module, names[1]);
  cuLaunchKernel(missing, 1, 1, 1, 32, 1, 1, 0, 0, args, 0);
  return 0;
}
