// cuBLAS GEMMs and CUDA runtime copies and fills in host code are listed as
// library calls (no source to analyse) with their cost: a GEMM is 2*m*n*k
// FLOPs on the roof of its precision (cublasSgemm: fp32 CUDA cores; bf16
// cublasGemmEx: the bf16 tensor roof) against A and B read and C read and
// written, plus the launch floor; a device-to-device copy reads and writes
// its bytes, a fill writes them, at DRAM bandwidth; a copy to or from the
// host crosses the host link (the H100's PCIe Gen5, 64 GB/s each way; the
// L4 has no host-link bandwidth in the database: time unknown).
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --gpu=H100,L4 | FileCheck %s
// RUN: %rl-analyze %s --gpu=H100 --format=json | FileCheck %s --check-prefix=JSON
#include <cublas_v2.h>
#include <cuda_runtime.h>

int main() {
  const int N = 4096;
  float *a, *b, *c, *h = nullptr;
  cudaMalloc(&a, N * N * 4);
  cudaMalloc(&b, N * N * 4);
  cudaMalloc(&c, N * N * 4);
  cudaMemcpy(a, h, N * N * 4, cudaMemcpyHostToDevice);
  cudaMemset(c, 0, N * N * 4);
  cublasHandle_t handle;
  cublasCreate(&handle);
  float alpha = 1, beta = 0;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &alpha, a, N, b, N,
              &beta, c, N);
  cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &alpha, a,
               CUDA_R_16BF, N, b, CUDA_R_16BF, N, &beta, c, CUDA_R_32F, N,
               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cudaMemcpy(b, a, N * N * 4, cudaMemcpyDeviceToDevice);
  cudaMemcpy(h, c, N * N * 4, cudaMemcpyDeviceToHost);
  return 0;
}

// CHECK: cudaMemcpy  ({{.*}}library-calls.cu:21:3)  library call, no source  host-to-device 67.1 MB
// CHECK-NEXT: H100 SXM: 67.1 MB, 1.05 ms, host-link-bound
// CHECK-NEXT: L4: 67.1 MB, time unknown: crosses the host link, whose bandwidth the GPU database does not hold for L4
// CHECK: cudaMemset  ({{.*}}:22:3)  library call, no source  device 67.1 MB
// CHECK-NEXT: H100 SXM: 67.1 MB, 20.0 us, dram-bound
// CHECK: cublasSgemm  ({{.*}}:26:3)  library call, no source  m=4096 n=4096 k=4096  fp32
// CHECK-NEXT: H100 SXM: 137G FLOPs, 268 MB (A, B read, C read and written), 2.05 ms, compute-bound (fp32 roof) with the launch floor, 2.26 us
// CHECK: cublasGemmEx  ({{.*}}:28:3)  library call, no source  m=4096 n=4096 k=4096  tensor bf16
// CHECK-NEXT: H100 SXM: 137G FLOPs, 201 MB (A, B read, C read and written), 141 us, compute-bound (tensor bf16 roof) with the launch floor, 2.26 us
// CHECK: cudaMemcpy  ({{.*}}:31:3)  library call, no source  device-to-device 67.1 MB
// CHECK-NEXT: H100 SXM: 134 MB, 40.1 us, dram-bound
// CHECK: cudaMemcpy  ({{.*}}:32:3)  library call, no source  device-to-host 67.1 MB
// JSON: "library_calls": [
// JSON: "name": "cublasSgemm",
// JSON-NEXT: "kind": "gemm",
// JSON: "m": 4096.0,
// JSON: "precision": "fp32",
// JSON-NEXT: "tensor": false,
// JSON-NEXT: "by_gpu": [
// JSON-NEXT: {
// JSON-NEXT: "gpu": "H100 SXM",
// JSON-NEXT: "flops": 137438953472.0,
