// A triangular loop nest seven deep: 0 <= g < f < ... < a < n runs
// C(n, 7) iterations, a polynomial of degree 7 in n that the sums have a
// closed form for, so binding n = 1000 is evaluated at once (it took
// minutes term by term): 194,280,608,456,793,000 FLOPs per thread, times
// 32 threads.
// RUN: timeout 60 %rl-analyze-stub %s --launch 'tri7:grid=1,block=32' \
// RUN:   --bind n=1000 --no-resources --format=json | FileCheck %s
#include "cuda.h"

__global__ void tri7(float *out, int n) {
  float acc = 0.0f;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < a; ++b)
      for (int c = 0; c < b; ++c)
        for (int d = 0; d < c; ++d)
          for (int e = 0; e < d; ++e)
            for (int f = 0; f < e; ++f)
              for (int g = 0; g < f; ++g)
                acc += 1.0f;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// CHECK: "per_thread": {
// CHECK-NEXT: "flops": "{{[^"]*}}n^7{{[^"s]*}}",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 6.21697947061737{{[0-9]*}}e+18,
// CHECK-NOT: rl-undefined
