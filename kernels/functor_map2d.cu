// functor_map2d.cu - element-wise map over a matrix wrapped in a small Matrix
// class (pointer plus rows/cols, accessor returning a reference) by a kernel
// template taking a function object: an affine map composed with the tanh
// form of GELU.
//
// EXPECT kernel=map2d<AffineGelu> grid=16x125 block=32x8 flops_fp32=5000000 global_load_bytes=2000000 global_store_bytes=2000000 sfu_ops=500000
//
// Launch: 1000 x 500 matrix, block 32x8, grid ceil(500/32) x ceil(1000/8)
// = 16x125: 512 x 1000 threads, of which 500 x 1000 = 500,000 pass
// `r < in.rows() && c < in.cols()` (rows_ and cols_ bound from the Matrix
// constructor at the launch site).
//
// Per passing thread: in.at(r, c) loads 4 B, out.at(r, c) = ... stores 4 B
// through the returned reference. Affine: v * scale + shift = 2 FLOPs.
// Gelu: 0.5f * v, * (...), 1.0f + tanhf(...), k * (...), v + ...,
// 0.044715f * v * v * v (3) = 8 FLOPs and one tanhf (1 SFU op).
//   flops_fp32    = 500,000 x 10 = 5,000,000
//   sfu_ops       = 500,000
//   global loads  = global stores = 500,000 x 4 = 2,000,000 bytes

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(err_));                           \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

struct Affine {
  float scale, shift;
  __device__ float operator()(float v) const { return v * scale + shift; }
};

struct Gelu {
  __device__ float operator()(float v) const {
    const float k = 0.7978845608f;  // sqrt(2 / pi)
    return 0.5f * v * (1.0f + tanhf(k * (v + 0.044715f * v * v * v)));
  }
};

// The composition the kernel applies: gelu(affine(v)).
struct AffineGelu {
  Affine affine;
  Gelu gelu;
  __device__ float operator()(float v) const { return gelu(affine(v)); }
};

class Matrix {
public:
  __host__ __device__ Matrix(float *p, int r, int c)
      : data_(p), rows_(r), cols_(c) {}
  __device__ float &at(int r, int c) { return data_[r * cols_ + c]; }
  __device__ float at(int r, int c) const { return data_[r * cols_ + c]; }
  __device__ int rows() const { return rows_; }
  __device__ int cols() const { return cols_; }

private:
  float *data_;
  int rows_, cols_;
};

template <typename F>
__global__ void map2d(const Matrix in, Matrix out, F f) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < in.rows() && c < in.cols())
    out.at(r, c) = f(in.at(r, c));
}

int main() {
  constexpr int kRows = 1000;
  constexpr int kCols = 500;
  constexpr size_t kBytes = static_cast<size_t>(kRows) * kCols * sizeof(float);
  constexpr float kScale = 2.0f, kShift = -1.0f;

  std::vector<float> h_in(static_cast<size_t>(kRows) * kCols), h_out(h_in.size());
  for (size_t i = 0; i < h_in.size(); ++i)
    h_in[i] = static_cast<float>((i * 11) % 41) * 0.05f - 1.0f;

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, kBytes));
  CUDA_CHECK(cudaMalloc(&d_out, kBytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), kBytes, cudaMemcpyHostToDevice));

  Matrix in(d_in, kRows, kCols), out(d_out, kRows, kCols);
  dim3 block(32, 8);
  dim3 grid((kCols + 31) / 32, (kRows + 7) / 8);
  map2d<<<grid, block>>>(in, out, AffineGelu{{kScale, kShift}, {}});
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, kBytes, cudaMemcpyDeviceToHost));

  int errors = 0;
  for (size_t i = 0; i < h_in.size(); ++i) {
    const double v = h_in[i] * kScale + kShift;
    const double ref =
        0.5 * v * (1.0 + std::tanh(0.7978845608 * (v + 0.044715 * v * v * v)));
    if (std::fabs(h_out[i] - ref) > 1e-5 * std::fabs(ref) + 1e-6)
      ++errors;
  }

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));

  std::printf("map2d<AffineGelu>: %dx%d errors=%d %s\n", kRows, kCols,
              errors, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
