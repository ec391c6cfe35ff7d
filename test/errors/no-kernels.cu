// A CUDA file without __global__ kernels is not an error: a note says so and
// the exit code is 0, in every output format.
// RUN: %python %S/Inputs/expect-exit.py 0 -- %rl-analyze-stub %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXT --implicit-check-not=error:
// RUN: %python %S/Inputs/expect-exit.py 0 -- %rl-analyze-stub %s --format=json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=JSON --implicit-check-not=error:
// RUN: %python %S/Inputs/expect-exit.py 0 -- %rl-analyze-stub %s --format=diagnostics 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --implicit-check-not=error:

__device__ float square(float x) { return x * x; }
int hostHelper(int n) { return n + 1; }

// TEXT: note: no __global__ kernels in '{{.*}}no-kernels.cu' [rl-no-kernels]
// TEXT: summary: no kernels analysed
// JSON: "kernels": [],
// JSON: "id": "rl-no-kernels",
// JSON-NEXT: "severity": "note",
// JSON-NEXT: "message": "no __global__ kernels in '{{.*}}no-kernels.cu'",
// DIAG: no-kernels.cu: note: no __global__ kernels in '{{.*}}no-kernels.cu' [rl-no-kernels]
