// sgemm_reg.cu - register-blocked SGEMM C = A * B (row-major): each 256-thread
// block computes a 64x64 tile of C, each thread a 4x4 register tile; A and B
// tiles are staged in shared memory with float4 loads, 8 columns of K at a
// time. M, N must be multiples of 64 and K a multiple of 8.
//
// EXPECT kernel=sgemm_reg4x4 grid=16x16 block=256 flops_fp32=1073741824 global_load_bytes=67108864 global_store_bytes=4194304 shared_load_bytes=1073741824 shared_store_bytes=67108864
//
// Launch: M = N = 1024, K = 512; grid N/64 x M/64 = 16x16 blocks of 256
// threads = 65,536 threads; each thread runs K / 8 = 64 tiles of k0.
//
// Per thread and tile:
//   tile load: one float4 global load (16 B); threads 0..127 scatter it
//     into As with 4 scalar shared stores (16 B), threads 128..255 store it
//     into Bs as one float4 (16 B).
//   compute: 8 kk steps x (4 + 4 shared loads = 32 B, 16 `acc += a * b` =
//     32 FLOPs) = 256 FLOPs and 256 shared bytes.
// After the loop: 4 float4 stores of C (64 B).
//   flops         = 65,536 x 64 x 256 = 2 M N K = 1,073,741,824
//   global loads  = 65,536 x 64 x 16              =    67,108,864 bytes
//   shared stores = 65,536 x 64 x 16              =    67,108,864 bytes
//   shared loads  = 65,536 x 64 x 256             = 1,073,741,824 bytes
//   global stores = 65,536 x 64                   =     4,194,304 bytes
// Global traffic: (M N K / 64) x 2 x 4 B, a 64x reuse of every operand.

#include <cuda_runtime.h>

#include <algorithm>
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

constexpr int BM = 64, BN = 64, BK = 8, TM = 4, TN = 4;

__global__ void __launch_bounds__(256)
    sgemm_reg4x4(int M, int N, int K, const float *__restrict__ A,
                 const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float As[BK][BM];  // A tile, transposed: As[k][m]
  __shared__ float Bs[BK][BN];
  const int tid = threadIdx.x;
  const int tRow = tid / (BN / TN);  // 0..15
  const int tCol = tid % (BN / TN);  // 0..15
  const int bRow = blockIdx.y * BM;
  const int bCol = blockIdx.x * BN;

  float acc[TM][TN] = {};
  float regA[TM], regB[TN];
  for (int k0 = 0; k0 < K; k0 += BK) {
    // A tile 64x8 and B tile 8x64 are 128 float4 each: threads 0..127 load
    // A, threads 128..255 load B.
    if (tid < 128) {
      int r = tid / 2, c4 = tid % 2;
      float4 v = reinterpret_cast<const float4 *>(&A[(bRow + r) * K + k0])[c4];
      As[c4 * 4 + 0][r] = v.x;
      As[c4 * 4 + 1][r] = v.y;
      As[c4 * 4 + 2][r] = v.z;
      As[c4 * 4 + 3][r] = v.w;
    } else {
      int t = tid - 128;
      int r = t / 16, c4 = t % 16;
      float4 v = reinterpret_cast<const float4 *>(&B[(k0 + r) * N + bCol])[c4];
      reinterpret_cast<float4 *>(&Bs[r][0])[c4] = v;
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; ++kk) {
#pragma unroll
      for (int i = 0; i < TM; ++i)
        regA[i] = As[kk][tRow * TM + i];
#pragma unroll
      for (int j = 0; j < TN; ++j)
        regB[j] = Bs[kk][tCol * TN + j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
          acc[i][j] += regA[i] * regB[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    float4 o = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    reinterpret_cast<float4 *>(
        &C[(bRow + tRow * TM + i) * N + bCol + tCol * TN])[0] = o;
  }
}

int main() {
  constexpr int kM = 1024, kN = 1024, kK = 512;
  constexpr size_t kBytesA = static_cast<size_t>(kM) * kK * sizeof(float);
  constexpr size_t kBytesB = static_cast<size_t>(kK) * kN * sizeof(float);
  constexpr size_t kBytesC = static_cast<size_t>(kM) * kN * sizeof(float);

  std::vector<float> h_a(static_cast<size_t>(kM) * kK);
  std::vector<float> h_b(static_cast<size_t>(kK) * kN);
  std::vector<float> h_c(static_cast<size_t>(kM) * kN);
  for (size_t i = 0; i < h_a.size(); ++i)
    h_a[i] = static_cast<float>((i * 7) % 17) * 0.0625f - 0.5f;
  for (size_t i = 0; i < h_b.size(); ++i)
    h_b[i] = static_cast<float>((i * 5) % 13) * 0.125f - 0.75f;

  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, kBytesA));
  CUDA_CHECK(cudaMalloc(&d_b, kBytesB));
  CUDA_CHECK(cudaMalloc(&d_c, kBytesC));
  CUDA_CHECK(cudaMemcpy(d_a, h_a.data(), kBytesA, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b.data(), kBytesB, cudaMemcpyHostToDevice));

  dim3 grid(kN / BN, kM / BM);
  sgemm_reg4x4<<<grid, 256>>>(kM, kN, kK, d_a, d_b, d_c);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_c.data(), d_c, kBytesC, cudaMemcpyDeviceToHost));

  // Every product and partial sum is a multiple of 2^-7 below 2^8, so the
  // fp32 result is exact whatever the summation order.
  std::vector<float> ref_row(kN);
  int errors = 0;
  for (int m = 0; m < kM; ++m) {
    std::fill(ref_row.begin(), ref_row.end(), 0.0f);
    for (int k = 0; k < kK; ++k) {
      const float a = h_a[static_cast<size_t>(m) * kK + k];
      const float *b = &h_b[static_cast<size_t>(k) * kN];
      for (int n = 0; n < kN; ++n)
        ref_row[n] += a * b[n];
    }
    for (int n = 0; n < kN; ++n)
      if (std::fabs(h_c[static_cast<size_t>(m) * kN + n] - ref_row[n]) > 1e-3f)
        ++errors;
  }

  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_c));

  std::printf("sgemm_reg4x4: M=%d N=%d K=%d errors=%d %s\n", kM, kN, kK,
              errors, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
