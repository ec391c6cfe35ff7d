// A kernel template that is never instantiated cannot be counted: a remark
// says so at the template, and no kernel entry is made for it.
// RUN: %rl-analyze-stub %s --format=diagnostics | FileCheck %s \
// RUN:   --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s --check-prefix=JSON
#include "cuda.h"

// CHECK: {{.*}}kernel-template-uninstantiated.cu:[[@LINE+1]]:61: remark: kernel template 'unused' is not instantiated in this file; launch it (or add an explicit instantiation) to analyse it [rl-uninstantiated-template]
template <typename T> __global__ void __launch_bounds__(64) unused(T *y) {
  y[threadIdx.x] = T();
}

// JSON: "kernels": [],
// JSON: "diagnostics": [
// JSON-NEXT: {
// JSON-NEXT: "id": "rl-uninstantiated-template",
// JSON-NEXT: "severity": "remark",
