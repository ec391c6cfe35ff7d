// Members of a by-value kernel parameter are registers, also when read
// through `this` in an inlined member function; integer fields are symbols
// ("in.rows_") bound from the argument's constructor at the launch site.
// RUN: %rl-analyze-stub %s --format=json | FileCheck %s --implicit-check-not="unknown origin"
#include "cuda.h"

struct Scale {
  float s;
  __device__ float apply(float v) const { return v * s; }
};

class Matrix {
public:
  __host__ __device__ Matrix(float *p, int r, int c) : data_(p), rows_(r), cols_(c) {}
  __device__ float &at(int r, int c) { return data_[r * cols_ + c]; }
  __device__ int rows() const { return rows_; }
  __device__ int cols() const { return cols_; }

private:
  float *data_;
  int rows_, cols_;
};

__global__ void scaled(Matrix m, Scale f) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < m.rows() && c < m.cols())
    m.at(r, c) = f.apply(m.at(r, c));
}

void run(float *p) {
  Matrix m(p, 100, 50);
  scaled<<<dim3(2, 13), dim3(32, 8)>>>(m, Scale{2.0f});
}

// 100 x 50 elements: one multiply, one load, one store each.
// CHECK: "formulas": {
// CHECK-NEXT: "flops": "min(m.cols_, blockDim.x*gridDim.x)*min(m.rows_, blockDim.y*gridDim.y)",
// CHECK: "totals": {
// CHECK-NEXT: "flops": 5000,
// CHECK: "global_load_bytes": 20000,
// CHECK: "global_store_bytes": 20000,
// CHECK: "range_reasons": [],
