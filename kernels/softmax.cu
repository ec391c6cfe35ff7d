// softmax.cu - row-wise softmax of a rows x cols float matrix: one block per
// row, block-stride loops over the columns, two shared-memory tree reductions
// (row maximum, then the sum of exponentials).
//
// EXPECT kernel=softmax_rows<256> grid=4096 block=256 flops_fp32=18477056 global_load_bytes=49152000 global_store_bytes=16384000 shared_load_bytes=25100288 shared_store_bytes=16744448 sfu_ops=8192000
//
// Launch: 4096 blocks (one per row, so `row >= rows` never fires) x 256
// threads, cols = 1000. Each block-stride loop `c = threadIdx.x; c < 1000;
// c += 256` runs 4 times in threads 0..231 and 3 times in 232..255: 1000
// iterations per row.
//
// Per row:
//   max pass:  1000 loads of x (4 bytes); fmaxf is a compare, not a FLOP.
//   sum pass:  1000 x (x[c] - rowmax, sum +=) = 2 FLOPs, 1 expf, 4 bytes.
//   write:     1000 x (x[c] - rowmax, * inv) = 2 FLOPs, 1 expf, 4 + 4 bytes.
//   trees:     two halving loops over s = 128..1: 255 (thread, s) pairs
//              each, 2 shared loads + 1 shared store; only the sum tree's
//              `+=` is a FLOP (255).
//   per thread: red[t] stored twice, red[0] read twice, 1.0f / red[0]
//              (256 FLOPs).
//   flops = 2000 + 2000 + 255 + 256 = 4511        x 4096 = 18,477,056
//   sfu   = 2000 expf                             x 4096 =  8,192,000
//   global loads  = 3 x 1000 x 4 = 12,000 bytes   x 4096 = 49,152,000
//   global stores = 1000 x 4     =  4,000 bytes   x 4096 = 16,384,000
//   shared loads  = 2 x 255 x 8 + 2 x 256 x 4 = 6128 x 4096 = 25,100,288
//   shared stores = 2 x 256 x 4 + 2 x 255 x 4 = 4088 x 4096 = 16,744,448

#include <cuda_runtime.h>

#include <cfloat>
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

// BLOCK threads per row; BLOCK must be a power of two.
template <int BLOCK>
__global__ void softmax_rows(const float *__restrict__ in,
                             float *__restrict__ out, int rows, int cols) {
  __shared__ float red[BLOCK];
  int row = blockIdx.x;
  if (row >= rows)
    return;
  const float *x = in + static_cast<size_t>(row) * cols;
  float *y = out + static_cast<size_t>(row) * cols;

  float m = -FLT_MAX;
  for (int c = threadIdx.x; c < cols; c += BLOCK)
    m = fmaxf(m, x[c]);
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  float rowmax = red[0];
  __syncthreads();

  float sum = 0.0f;
  for (int c = threadIdx.x; c < cols; c += BLOCK)
    sum += expf(x[c] - rowmax);
  red[threadIdx.x] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  float inv = 1.0f / red[0];

  for (int c = threadIdx.x; c < cols; c += BLOCK)
    y[c] = expf(x[c] - rowmax) * inv;
}

int main() {
  constexpr int kRows = 4096;
  constexpr int kCols = 1000;
  constexpr int kThreads = 256;
  constexpr size_t kCount = static_cast<size_t>(kRows) * kCols;
  constexpr size_t kBytes = kCount * sizeof(float);

  std::vector<float> h_in(kCount), h_out(kCount);
  for (size_t i = 0; i < kCount; ++i)
    h_in[i] = static_cast<float>((i * 37) % 101) * 0.05f - 2.5f +
              static_cast<float>(i / kCols % 7) * 0.125f;

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, kBytes));
  CUDA_CHECK(cudaMalloc(&d_out, kBytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), kBytes, cudaMemcpyHostToDevice));

  softmax_rows<kThreads><<<kRows, kThreads>>>(d_in, d_out, kRows, kCols);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, kBytes, cudaMemcpyDeviceToHost));

  int errors = 0;
  for (int r = 0; r < kRows; ++r) {
    const float *x = &h_in[static_cast<size_t>(r) * kCols];
    const float *y = &h_out[static_cast<size_t>(r) * kCols];
    double mx = x[0];
    for (int c = 1; c < kCols; ++c)
      mx = std::fmax(mx, static_cast<double>(x[c]));
    double sum = 0.0;
    for (int c = 0; c < kCols; ++c)
      sum += std::exp(x[c] - mx);
    for (int c = 0; c < kCols; ++c) {
      const double ref = std::exp(x[c] - mx) / sum;
      if (std::fabs(y[c] - ref) > 1e-5 * ref + 1e-8)
        ++errors;
    }
  }

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));

  std::printf("softmax_rows: %dx%d errors=%d %s\n", kRows, kCols, errors,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
