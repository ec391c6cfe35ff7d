// A cuSPARSE CSR SpMV takes its sizes from the cusparseCreateCsr that made
// its matrix descriptor: 2 FLOPs a stored entry, the row offsets, column
// indices and values read once with x and y, y written; cuSPARSE partitions
// the rows in a launch of its own first, so the call takes two launches'
// floor.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --gpu=H100 | FileCheck %s
#include <cuda_runtime.h>
#include <cusparse.h>

int main() {
  const int n = 1 << 20, nnz = 3 * n;
  int *offsets, *columns;
  float *values, *x, *y;
  cudaMalloc(&offsets, (n + 1) * sizeof(int));
  cudaMalloc(&columns, nnz * sizeof(int));
  cudaMalloc(&values, nnz * sizeof(float));
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cusparseHandle_t handle;
  cusparseCreate(&handle);
  cusparseSpMatDescr_t matrix;
  cusparseCreateCsr(&matrix, n, n, nnz, offsets, columns, values,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateDnVec(&vx, n, x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, n, y, CUDA_R_32F);
  float alpha = 1, beta = 0;
  cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vx,
               &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr);
  return 0;
}

// CHECK: cusparseSpMV  ({{.*}}:30:3)  library call, no source  CSR m=1048576 n=1048576 nnz=3145728  fp32
// CHECK-NEXT: H100 SXM: 6.29M FLOPs, 41.9 MB (37.7 MB read, 4.19 MB written), {{.*}}, dram-bound with 2 launches' floor, 4.51 us
