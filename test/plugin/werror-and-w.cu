// The compile's own -Werror and -w act on the plugin's warnings as on
// clang's: -Werror makes them errors (the compile fails), -Wno-error=ID
// exempts one, -w drops them, and -Werror=ID still makes that one an error
// under -w. Remarks are not warnings: neither switch touches them.
// REQUIRES: rl-plugin
// RUN: not %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s -Werror \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang no-resources 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WERROR
// RUN: %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s -Werror \
// RUN:   -Wno-unknown-warning-option -Wno-error=rl-recursion \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang no-resources 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXEMPT
// RUN: %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s -w \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang no-resources 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: not %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s -w \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang no-resources \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang -Werror=rl-recursion 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BYID
#include "cuda.h"

__device__ int depth(int e) { return e == 0 ? 0 : 1 + depth(e - 1); }

__global__ void k(int *y) { y[threadIdx.x] = depth(3); }

// WERROR: werror-and-w.cu:[[@LINE-4]]:{{[0-9]+}}: error: recursive call to 'depth' is not followed{{.*}}[rl-recursion]
// EXEMPT: werror-and-w.cu:[[@LINE-5]]:{{[0-9]+}}: warning: recursive call to 'depth' is not followed{{.*}}[rl-recursion]
// QUIET-NOT: warning:
// QUIET-NOT: error:
// BYID: werror-and-w.cu:[[@LINE-8]]:{{[0-9]+}}: error: recursive call to 'depth' is not followed{{.*}}[rl-recursion]
