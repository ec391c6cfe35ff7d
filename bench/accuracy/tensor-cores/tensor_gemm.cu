// Tensor-core GEMMs for checking rl-analyze's tensor FLOPs and roofline
// against Nsight Compute on an H200 (scripts/device/tensor_check.sh).
// C = A * B with A row-major M x K, B stored as its transpose (N x K,
// row-major: column-major K x N), C row-major M x N.
//  - wmma_naive<...>: one warp per 16x16 tile of C, fragments straight
//    from global memory (fp16, bf16, tf32, int8).
//  - wmma_f16_shared: 64x64 block tiles staged through shared memory.
//  - mma_ptx<...>: inline PTX mma.sync.m16n8k16 (fp16, bf16), one warp per
//    16x8 tile, registers loaded from global in the PTX fragment layout.
//  - wgmma_bf16: one Hopper warpgroup MMA (m64n64k16) per step on shared
//    tiles (FLOP count only: the tile is not refilled).
// Build: nvcc -arch=sm_90a -O3 -o tensor_gemm tensor_gemm.cu
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

#include <cstdio>
#include <cstdlib>

using namespace nvcuda;

template <typename Frag, typename Store, typename Acc, int FK>
__global__ void wmma_naive(const Store *a, const Store *b, Acc *c, int M,
                           int N, int K) {
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int warpN = blockIdx.y * blockDim.y + threadIdx.y;
  wmma::fragment<wmma::matrix_a, 16, 16, FK, Frag, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, FK, Frag, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, FK, Acc> acc;
  wmma::fill_fragment(acc, Acc(0));
  for (int k = 0; k < K; k += FK) {
    wmma::load_matrix_sync(af, a + warpM * 16 * K + k, K);
    wmma::load_matrix_sync(bf, b + warpN * 16 * K + k, K);
    wmma::mma_sync(acc, af, bf, acc);
  }
  wmma::store_matrix_sync(c + warpM * 16 * N + warpN * 16, acc, N,
                          wmma::mem_row_major);
}

__global__ void wmma_f16_shared(const half *a, const half *b, float *c, int M,
                                int N, int K) {
  __shared__ half as[64 * 16];
  __shared__ half bs[64 * 16];
  int warp = threadIdx.x / 32;
  int wm = warp / 2, wn = warp % 2;
  int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  for (int k = 0; k < K; k += 16) {
    for (int e = threadIdx.x; e < 1024; e += 128) {
      as[e] = a[(row0 + e / 16) * K + k + e % 16];
      bs[e] = b[(col0 + e / 16) * K + k + e % 16];
    }
    __syncthreads();
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) {
        wmma::load_matrix_sync(af, as + (wm * 32 + i * 16) * 16, 16);
        wmma::load_matrix_sync(bf, bs + (wn * 32 + j * 16) * 16, 16);
        wmma::mma_sync(acc[i][j], af, bf, acc[i][j]);
      }
    __syncthreads();
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(c + (row0 + wm * 32 + i * 16) * N + col0 +
                                  wn * 32 + j * 16,
                              acc[i][j], N, wmma::mem_row_major);
}

// One mma.sync.m16n8k16 per warp and k step; IsBf16 picks the input type.
template <bool IsBf16>
__global__ void mma_ptx(const unsigned short *a, const unsigned short *b,
                        float *c, int M, int N, int K) {
  int lane = threadIdx.x % 32;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tilesN = N / 8;
  int row0 = warp / tilesN * 16, col0 = warp % tilesN * 8;
  int g = lane / 4, t = lane % 4;
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  for (int k = 0; k < K; k += 16) {
    unsigned a0 = *(const unsigned *)(a + (row0 + g) * K + k + 2 * t);
    unsigned a1 = *(const unsigned *)(a + (row0 + g + 8) * K + k + 2 * t);
    unsigned a2 = *(const unsigned *)(a + (row0 + g) * K + k + 2 * t + 8);
    unsigned a3 = *(const unsigned *)(a + (row0 + g + 8) * K + k + 2 * t + 8);
    unsigned b0 = *(const unsigned *)(b + (col0 + g) * K + k + 2 * t);
    unsigned b1 = *(const unsigned *)(b + (col0 + g) * K + k + 2 * t + 8);
    if (IsBf16)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                   : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                   : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    else
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                   : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                   : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
  c[(row0 + g) * N + col0 + 2 * t] = d0;
  c[(row0 + g) * N + col0 + 2 * t + 1] = d1;
  c[(row0 + g + 8) * N + col0 + 2 * t] = d2;
  c[(row0 + g + 8) * N + col0 + 2 * t + 1] = d3;
}

// A warpgroup (128 threads) issues one wgmma m64n64k16 per k step on a
// shared tile; the tile is not refilled (a FLOP-count check, not a GEMM).
__global__ void wgmma_bf16(float *c, int K) {
  __shared__ __align__(128) unsigned short tile[64 * 16 + 16 * 64];
  for (int e = threadIdx.x; e < 64 * 16 + 16 * 64; e += 128)
    tile[e] = 0x3c00;
  __syncthreads();
  unsigned base = (unsigned)__cvta_generic_to_shared(tile);
  // Descriptor: start >> 4, leading offset 128 B, stride offset 256 B, no
  // swizzle.
  unsigned long long descA = ((base >> 4) & 0x3FFF) |
                             ((unsigned long long)(128 >> 4) << 16) |
                             ((unsigned long long)(256 >> 4) << 32);
  unsigned long long descB =
      (((base + 64 * 16 * 2) >> 4) & 0x3FFF) |
      ((unsigned long long)(128 >> 4) << 16) |
      ((unsigned long long)(256 >> 4) << 32);
  float d[32];
  for (int i = 0; i < 32; ++i)
    d[i] = 0;
  for (int k = 0; k < K; k += 16) {
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 "
        "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,"
        "%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31}, "
        "%32, %33, 1, 1, 1, 0, 0;\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),
          "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]),
          "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),
          "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]),
          "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),
          "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]),
          "+f"(d[30]), "+f"(d[31])
        : "l"(descA), "l"(descB));
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  }
  float s = 0;
  for (int i = 0; i < 32; ++i)
    s += d[i];
  c[blockIdx.x * 128 + threadIdx.x] = s;
}

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::printf("error %s at line %d\n", cudaGetErrorString(E), __LINE__);   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  const int M = 4096, N = 4096, K = 4096;
  int Reps = argc > 1 ? std::atoi(argv[1]) : 5;
  void *A, *B, *C;
  CHECK(cudaMalloc(&A, (size_t)M * K * 4));
  CHECK(cudaMalloc(&B, (size_t)N * K * 4));
  CHECK(cudaMalloc(&C, (size_t)M * N * 4));
  // Small non-zero values (0x3c = 1.0 in the high byte of fp16).
  CHECK(cudaMemset(A, 0x3c, (size_t)M * K * 4));
  CHECK(cudaMemset(B, 0x3c, (size_t)N * K * 4));
  cudaEvent_t Start, Stop;
  cudaEventCreate(&Start);
  cudaEventCreate(&Stop);
  auto time = [&](const char *Name, auto Launch) {
    Launch(); // warm-up
    CHECK(cudaDeviceSynchronize());
    float Best = 1e30f;
    for (int R = 0; R < Reps; ++R) {
      cudaEventRecord(Start);
      Launch();
      cudaEventRecord(Stop);
      CHECK(cudaEventSynchronize(Stop));
      float Ms = 0;
      cudaEventElapsedTime(&Ms, Start, Stop);
      Best = Ms < Best ? Ms : Best;
    }
    CHECK(cudaGetLastError());
    std::printf("%s,%.6f\n", Name, Best);
  };
  std::printf("kernel,best_ms\n");
  dim3 NaiveGrid(M / 16 * 32 / 128, N / 16 / 4), NaiveBlock(128, 4);
  time("wmma_naive_f16", [&] {
    wmma_naive<half, half, float, 16><<<NaiveGrid, NaiveBlock>>>(
        (const half *)A, (const half *)B, (float *)C, M, N, K);
  });
  time("wmma_naive_bf16", [&] {
    wmma_naive<__nv_bfloat16, __nv_bfloat16, float, 16>
        <<<NaiveGrid, NaiveBlock>>>((const __nv_bfloat16 *)A,
                                    (const __nv_bfloat16 *)B, (float *)C, M,
                                    N, K);
  });
  time("wmma_naive_tf32", [&] {
    wmma_naive<wmma::precision::tf32, float, float, 8>
        <<<NaiveGrid, NaiveBlock>>>((const float *)A, (const float *)B,
                                    (float *)C, M, N, K);
  });
  time("wmma_naive_s8", [&] {
    wmma_naive<signed char, signed char, int, 16><<<NaiveGrid, NaiveBlock>>>(
        (const signed char *)A, (const signed char *)B, (int *)C, M, N, K);
  });
  time("wmma_f16_shared", [&] {
    wmma_f16_shared<<<dim3(N / 64, M / 64), 128>>>(
        (const half *)A, (const half *)B, (float *)C, M, N, K);
  });
  time("mma_ptx_f16", [&] {
    mma_ptx<false><<<M / 16 * (N / 8) * 32 / 256, 256>>>(
        (const unsigned short *)A, (const unsigned short *)B, (float *)C, M,
        N, K);
  });
  time("mma_ptx_bf16", [&] {
    mma_ptx<true><<<M / 16 * (N / 8) * 32 / 256, 256>>>(
        (const unsigned short *)A, (const unsigned short *)B, (float *)C, M,
        N, K);
  });
  time("wgmma_bf16", [&] { wgmma_bf16<<<1056, 128>>>((float *)C, K); });
  return 0;
}
