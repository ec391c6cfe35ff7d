// Sparse tensor-core MMA on an H200, for the FLOP count of mma.sp:
// C = A * B at M = N = K = 4096 with A 2:4 structured-sparse (each group of
// four values of a row holds two: the metadata picks elements 0 and 1).
//  - mma_sp<fp16/bf16>: one inline-PTX mma.sp.sync.aligned.m16n8k32 per warp
//    and k step, one warp per 16x8 tile of C; A's kept halves (16 x 16 per
//    step) and B (32 x 8) loaded straight from global memory.
// The values are not checked: the kernels exist to be counted. Run with the
// number of timed repetitions (default 5; 0 runs each kernel once, for ncu):
//   nvcc -gencode arch=compute_90a,code=sm_90a -O3 tensor_sparse.cu
//   ./a.out 5   ->  kernel,best_ms lines
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <bool IsBf16>
__global__ void mma_sp(const unsigned short *a, const unsigned short *b,
                       float *c, int M, int N, int K) {
  int lane = threadIdx.x % 32;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tilesN = N / 8;
  int row0 = warp / tilesN * 16, col0 = warp % tilesN * 8;
  int g = lane / 4, t = lane % 4;
  const int KA = K / 2; // A keeps half of each row
  // Elements 0 and 1 of every group of four, for every thread's groups.
  const unsigned meta = 0x44444444u;
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  for (int k = 0; k < K; k += 32) {
    const int ka = k / 2;
    unsigned a0 = *(const unsigned *)(a + (row0 + g) * KA + ka + 2 * t);
    unsigned a1 = *(const unsigned *)(a + (row0 + g + 8) * KA + ka + 2 * t);
    unsigned a2 = *(const unsigned *)(a + (row0 + g) * KA + ka + 2 * t + 8);
    unsigned a3 =
        *(const unsigned *)(a + (row0 + g + 8) * KA + ka + 2 * t + 8);
    unsigned b0 = *(const unsigned *)(b + (col0 + g) * K + k + 2 * t);
    unsigned b1 = *(const unsigned *)(b + (col0 + g) * K + k + 2 * t + 8);
    unsigned b2 = *(const unsigned *)(b + (col0 + g) * K + k + 2 * t + 16);
    unsigned b3 = *(const unsigned *)(b + (col0 + g) * K + k + 2 * t + 24);
    if (IsBf16)
      asm volatile(
          "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 "
          "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, "
          "%12, 0x0;\n"
          : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
          : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2),
            "r"(b3), "r"(meta));
    else
      asm volatile(
          "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 "
          "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, "
          "%12, 0x0;\n"
          : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
          : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2),
            "r"(b3), "r"(meta));
  }
  c[(row0 + g) * N + col0 + 2 * t] = d0;
  c[(row0 + g) * N + col0 + 2 * t + 1] = d1;
  c[(row0 + g + 8) * N + col0 + 2 * t] = d2;
  c[(row0 + g + 8) * N + col0 + 2 * t + 1] = d3;
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
  CHECK(cudaMalloc(&A, (size_t)M * K / 2 * 2));
  CHECK(cudaMalloc(&B, (size_t)N * K * 2));
  CHECK(cudaMalloc(&C, (size_t)M * N * 4));
  CHECK(cudaMemset(A, 0x3c, (size_t)M * K / 2 * 2));
  CHECK(cudaMemset(B, 0x3c, (size_t)N * K * 2));
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
  const int Blocks = M / 16 * (N / 8) * 32 / 256;
  time("mma_sp_f16", [&] {
    mma_sp<false><<<Blocks, 256>>>((const unsigned short *)A,
                                   (const unsigned short *)B, (float *)C, M,
                                   N, K);
  });
  time("mma_sp_bf16", [&] {
    mma_sp<true><<<Blocks, 256>>>((const unsigned short *)A,
                                  (const unsigned short *)B, (float *)C, M,
                                  N, K);
  });
  return 0;
}
