// Findings are switched off per ID or all together, or made errors, with
// clang's -W syntax: on the command line (clang warns that it does not know
// the option itself; -Wno-unknown-warning-option quiets that) or as plugin
// arguments (no such warning). -verify passes when the expected error, and
// nothing else, is seen.
// REQUIRES: rl-plugin
// RUN: %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   -Wno-unknown-warning-option -Wno-rl-analyze -Xclang -verify=off
// RUN: %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang -Wno-rl-recursion \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang -Wno-rl-unbound \
// RUN:   -Xclang -verify=norec
// RUN: %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang -Werror=rl-recursion \
// RUN:   -Xclang -verify=err
// off-no-diagnostics
#include "cuda.h"

__device__ int depth(int e) {
  // norec-no-diagnostics
  // err-error@+1 {{recursive call to 'depth' is not followed}}
  return e == 0 ? 0 : 1 + depth(e - 1);
}

// err-remark@+1 {{'k' has unbound symbols}}
__global__ void k(int *y) { y[threadIdx.x] = depth(3); }
