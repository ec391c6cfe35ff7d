// Host code of driver-api-argument-element.cu: the argument array passed as
// `&arr[0]`, its entries cast with reinterpret_cast (NVRTC programs).
#include <cuda.h>
int main() {
  CUmodule module;
  cuModuleLoad(&module, "module-kernels.cubin");
  CUfunction saxpy;
  cuModuleGetFunction(&saxpy, module, "saxpy");
  int n = 1 << 16;
  float a = 3.0f;
  CUdeviceptr x, y;
  void *arr[] = {reinterpret_cast<void *>(&a), reinterpret_cast<void *>(&x),
                 reinterpret_cast<void *>(&y), reinterpret_cast<void *>(&n)};
  cuLaunchKernel(saxpy, n / 128, 1, 1, 128, 1, 1, 0, 0, &arr[0], 0);
  return 0;
}
