// A launch in a host statement clang cannot parse (an undeclared argument)
// is lost with the statement: the note says that the file has errors and
// where the first is, not that the file has no launch.
// RUN: %rl-analyze-stub %s --no-config --verbose 2>&1 | FileCheck %s
#include "cuda.h"

__global__ void forward_kernel(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * y[i];
}

void forward(float *y, int n) {
  forward_kernel<<<(n + 255) / 256, 256>>>(y, n, undeclared_count);
}
// CHECK: host-error-drops-launch.cu:14:50: warning: clang: use of undeclared identifier 'undeclared_count' [rl-frontend-error]
// CHECK: launch: no launch of 'forward_kernel' could be read: clang reports errors in this file (the first at {{.*}}host-error-drops-launch.cu:14:50), and a launch in a host statement that does not parse is lost with it; fix the error, or pass --launch
