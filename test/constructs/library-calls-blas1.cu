// cuBLAS level-1 routines and GEMVs in host code are library calls priced by
// the vectors they stream: axpy reads x and y and writes y (2 FLOPs an
// element), a reduction (dot, nrm2, Isamax) reads its vectors and ends in a
// second, one-block launch, so it takes two launches' floor. A strided
// vector brings more bytes per element; a complex one is two floats and
// 8 FLOPs an axpy element. The size comes from the run (n is assigned after
// its declaration).
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --gpu=H100 | FileCheck %s
// RUN: %rl-analyze %s --gpu=H100 --format=json | FileCheck %s --check-prefix=JSON
#include <cublas_v2.h>
#include <cuda_runtime.h>

int main() {
  int n = 0;
  n = 1 << 20;
  float *x, *y, *a;
  cuComplex *cx, *cy;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&a, 1024 * 1024 * sizeof(float));
  cudaMalloc(&cx, n * sizeof(cuComplex));
  cudaMalloc(&cy, n * sizeof(cuComplex));
  cublasHandle_t handle;
  cublasCreate(&handle);
  float alpha = 2, result = 0;
  int index = 0;
  cuComplex calpha = {1, 0};
  cublasSaxpy(handle, n, &alpha, x, 1, y, 1);
  cublasSdot(handle, n, x, 1, y, 1, &result);
  cublasIsamax(handle, n, x, 1, &index);
  cublasSscal(handle, n / 2, &alpha, x, 2);
  cublasCaxpy(handle, n, &calpha, cx, 1, cy, 1);
  cublasSgemv(handle, CUBLAS_OP_N, 1024, 1024, &alpha, a, 1024, x, 1, &alpha,
              y, 1);
  return 0;
}

// CHECK: cublasSaxpy  ({{.*}}:29:3)  library call, no source  axpy n=1048576  fp32
// CHECK-NEXT: H100 SXM: 2.10M FLOPs, 12.6 MB (8.39 MB read, 4.19 MB written), {{.*}}, dram-bound with the launch floor, 2.26 us
// CHECK: cublasSdot  ({{.*}}:30:3)  library call, no source  dot n=1048576  fp32
// CHECK-NEXT: H100 SXM: 2.10M FLOPs, 8.39 MB (8.39 MB read, 0 B written), {{.*}} with 2 launches' floor, 4.51 us
// CHECK: cublasIsamax  ({{.*}}:31:3)  library call, no source  amax n=1048576  fp32
// CHECK-NEXT: H100 SXM: 0 FLOPs, 4.19 MB (4.19 MB read, 0 B written), {{.*}} with 2 launches' floor, 4.51 us
// CHECK: cublasSscal  ({{.*}}:32:3)  library call, no source  scal n=524288  fp32
// CHECK-NEXT: H100 SXM: 524K FLOPs, 8.39 MB (4.19 MB read, 4.19 MB written)
// CHECK: cublasCaxpy  ({{.*}}:33:3)  library call, no source  axpy n=1048576  complex fp32
// CHECK-NEXT: H100 SXM: 8.39M FLOPs, 25.2 MB (16.8 MB read, 8.39 MB written)
// CHECK: cublasSgemv  ({{.*}}:34:3)  library call, no source  m=1024 n=1024  fp32
// CHECK-NEXT: H100 SXM: 2.10M FLOPs, 4.21 MB (4.20 MB read, 4.10 KB written)
// JSON: "name": "cublasSdot",
// JSON-NEXT: "kind": "vector",
// JSON: "operation": "dot",
// JSON-NEXT: "n": 1048576.0,
// JSON-NEXT: "precision": "fp32",
// JSON-NEXT: "complex": false,
// JSON-NEXT: "stride": 1.0,
// JSON: "dram_read_bytes": 8388608.0,
// JSON-NEXT: "dram_write_bytes": 0.0,
// JSON-NEXT: "dram_deferred_write_bytes": 0.0,
// JSON-NEXT: "launches": 2,
