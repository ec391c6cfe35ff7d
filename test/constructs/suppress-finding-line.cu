// `// rl-analyze: ignore[ID]` on a finding's line, or on the line above it,
// silences that ID there only; other IDs and other lines still report, and
// the outputs count what was silenced.
// RUN: %rl-analyze-stub %s --launch 'calls:grid=1,block=32' --gpu=L40S \
// RUN:   --format=diagnostics | FileCheck %s --implicit-check-not=warning:
// RUN: %rl-analyze-stub %s --launch 'calls:grid=1,block=32' --gpu=L40S \
// RUN:   --format=json | FileCheck %s --check-prefix=JSON
// RUN: %rl-analyze-stub %s --launch 'calls:grid=1,block=32' --gpu=L40S \
// RUN:   | FileCheck %s --check-prefix=TEXT
#include "cuda.h"

__device__ float mystery(float v);
__device__ float other(float v);
__device__ float third(float v);

__global__ void calls(const float *x, float *y) {
  int i = threadIdx.x;
  y[i] = mystery(x[i]); // rl-analyze: ignore[rl-opaque-call]
  // rl-analyze: ignore[rl-unsupported, rl-opaque-call]
  y[i] += other(x[i]);
  // A different ID does not silence this one.
  // CHECK: {{.*}}suppress-finding-line.cu:[[@LINE+1]]:11: warning: call to 'third' is not analysed{{.*}}[rl-opaque-call]
  y[i] += third(x[i]); // rl-analyze: ignore[rl-recursion]
}

// JSON: "suppressed": [
// JSON-NEXT: {
// JSON-NEXT: "id": "rl-opaque-call",
// JSON-NEXT: "severity": "warning",
// JSON-NEXT: "message": "call to 'mystery' is not analysed
// JSON: "line": 18,
// JSON: "id": "rl-opaque-call",
// JSON-NEXT: "severity": "warning",
// JSON-NEXT: "message": "call to 'other' is not analysed
// JSON: "line": 20,
// JSON-NOT: "id"
// JSON: ]
// TEXT: 2 findings suppressed by rl-analyze: ignore comments
