// A syntax error: clang's own diagnostic (file:line:col), then one line that
// says the file was not analysed, exit code 2 and no report.
// RUN: %python %S/Inputs/expect-exit.py 2 -- %rl-analyze-stub %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=FLOPs
// RUN: %python %S/Inputs/expect-exit.py 2 -- %rl-analyze-stub %s --format=json 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not='"kernels"'

// CHECK: syntax-error.cu:[[@LINE+2]]:24: error: expected ';' after expression
__global__ void broken(float *x) {
  x[threadIdx.x] = 1.0f
}

// CHECK: rl-analyze: error: '{{.*}}syntax-error.cu' has 1 error (above); not analysed
