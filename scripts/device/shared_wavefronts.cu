// shared_wavefronts.cu - shared-memory wavefronts per warp request, by
// access width (32, 64, 128 bits) and lane pattern: what the memory model
// charges a shared load or store (analyzer/models/WarpAddresses.cpp).
//
// Each kernel is one warp per block, 132 blocks; every lane issues ITERS
// loads (or stores) of one width at an address PATTERN(lane) + a
// per-iteration offset that is a multiple of 2048 bytes (the same banks),
// so the compiler cannot hoist them and the banks stay the pattern's.
// Nsight Compute's counters give the wavefronts and instructions:
//
//   l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum  (or _op_st)
//   smsp__inst_executed_op_shared_ld.sum                   (or _st)
//
// and wavefronts / instructions is the cost of one request. The plain run
// prints "pattern,<name>,<width bits>,<kind>" lines for the table.
#include <cstdio>
#include <cuda_runtime.h>

constexpr int ITERS = 256;
constexpr int WORDS = 8192; // 32 KB of shared memory

// The byte offset of LANE's access in each pattern.
__device__ __forceinline__ int offsetOf(int Pattern, int Lane) {
  switch (Pattern) {
  case 0:
    return 0; // broadcast: one address
  case 1:
    return Lane * 4; // 4-byte words, consecutive
  case 2:
    return Lane * 8; // 8-byte elements, consecutive
  case 3:
    return Lane * 16; // 16-byte elements, consecutive
  case 4:
    return (Lane / 16) * 32; // two addresses, half-warps
  case 5:
    return (Lane % 16) * 32; // 16 addresses 32 B apart, twice
  case 6:
    return Lane * 128; // one bank (words 128 B apart)
  case 7:
    return (Lane / 2) * 16; // pairs n, n^1 share 16 bytes
  case 8:
    return ((Lane / 4) * 2 + (Lane & 1)) * 16; // pairs n, n^2
  case 9:
    return Lane * 64; // 64 B apart
  default:
    return 0;
  }
}

template <typename T> __global__ void loads(int Pattern, float *Out) {
  __shared__ __align__(16) float S[WORDS];
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x)
    S[i] = float(i);
  __syncthreads();
  const int Lane = threadIdx.x;
  const char *Base =
      reinterpret_cast<const char *>(S) + offsetOf(Pattern, Lane);
  T Acc{};
  float Sum = 0.0f;
#pragma unroll 1
  for (int k = 0; k < ITERS; ++k) {
    const T V = *reinterpret_cast<const T *>(Base + (k & 7) * 2048);
    const float *F = reinterpret_cast<const float *>(&V);
#pragma unroll
    for (int j = 0; j < int(sizeof(T) / 4); ++j)
      Sum += F[j];
  }
  (void)Acc;
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
}

template <typename T> __global__ void stores(int Pattern, float *Out) {
  __shared__ __align__(16) float S[WORDS];
  const int Lane = threadIdx.x;
  char *Base = reinterpret_cast<char *>(S) + offsetOf(Pattern, Lane);
  T V{};
  float *F = reinterpret_cast<float *>(&V);
  for (int j = 0; j < int(sizeof(T) / 4); ++j)
    F[j] = float(Lane + j);
#pragma unroll 1
  for (int k = 0; k < ITERS; ++k) {
    F[0] += 1.0f;
    *reinterpret_cast<T *>(Base + (k & 7) * 2048) = V;
  }
  __syncthreads();
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S[threadIdx.x * 4];
}

static const char *Names[] = {
    "broadcast",     "consecutive_4B",    "consecutive_8B", "consecutive_16B",
    "two_addresses", "sixteen_32B_apart", "one_bank_128B",  "pairs_n_xor_1",
    "pairs_n_xor_2", "apart_64B"};

int main() {
  float *Out;
  cudaMalloc(&Out, 132 * 32 * sizeof(float));
  for (int P = 0; P < 10; ++P) {
    // Widths whose pattern keeps each lane's element aligned.
    if (P != 2 && P != 9 && P != 0 && P != 1 && P != 6) {
      loads<float4><<<132, 32>>>(P, Out);
      printf("pattern,%s,128,load\n", Names[P]);
      stores<float4><<<132, 32>>>(P, Out);
      printf("pattern,%s,128,store\n", Names[P]);
    }
    if (P == 0 || P == 2 || P == 3 || P == 9 || P == 6) {
      loads<float2><<<132, 32>>>(P, Out);
      printf("pattern,%s,64,load\n", Names[P]);
      stores<float2><<<132, 32>>>(P, Out);
      printf("pattern,%s,64,store\n", Names[P]);
    }
    if (P == 0 || P == 6) {
      loads<float4><<<132, 32>>>(P, Out);
      printf("pattern,%s,128,load\n", Names[P]);
    }
    loads<float><<<132, 32>>>(P, Out);
    printf("pattern,%s,32,load\n", Names[P]);
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      fprintf(stderr, "%s\n", cudaGetErrorString(E));
      return 1;
    }
  }
  return 0;
}
