// A bad plugin argument stops the compile with a clear error.
// REQUIRES: rl-plugin
// RUN: not %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang colour=red 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARG
// ARG: error: rl-analyze plugin: unknown option 'colour' (known: gpu=, bind=, launch=, launches=, checks=, cache-state=, no-config, no-resources)
// RUN: not %clang-cuda-stub -fsyntax-only -fplugin=%rl-plugin %s \
// RUN:   -Xclang -plugin-arg-rl-analyze -Xclang gpu=Nope 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GPU
// GPU: error: rl-analyze: unknown GPU 'Nope'; known GPUs:
#include "cuda.h"

__global__ void k(float *y) { y[threadIdx.x] = 1.0f; }
