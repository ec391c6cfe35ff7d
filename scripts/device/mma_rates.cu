// mma_rates.cu - the warp-level tensor-core instructions' rate and latency
// on one SM: one block per SM of W warps, each warp issuing ACC independent
// `mma.sync` chains (ACC accumulators) for ITER steps. Prints one CSV line
// per (kind, warps, chains): the MMA instructions per SM clock (from
// clock64 around the loop, the slowest warp of each block) and the cycles
// one chain step takes.
//
//   nvcc -gencode arch=compute_90,code=sm_90 -O3 -o mma_rates mma_rates.cu
//   ./mma_rates > mma_rates.csv
#include <cstdio>
#include <cuda_runtime.h>

constexpr int Iter = 4096;

enum Kind { F16, BF16, TF32, S8, F64 };

template <Kind K> __device__ __forceinline__ void mma(float *C, unsigned *A) {
  if constexpr (K == F16)
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(C[0]), "+f"(C[1]), "+f"(C[2]), "+f"(C[3])
                 : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(A[4]),
                   "r"(A[5]));
  else if constexpr (K == BF16)
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(C[0]), "+f"(C[1]), "+f"(C[2]), "+f"(C[3])
                 : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(A[4]),
                   "r"(A[5]));
  else if constexpr (K == TF32)
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(C[0]), "+f"(C[1]), "+f"(C[2]), "+f"(C[3])
                 : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(A[4]),
                   "r"(A[5]));
  else if constexpr (K == S8)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+r"(*reinterpret_cast<int *>(&C[0])),
                   "+r"(*reinterpret_cast<int *>(&C[1])),
                   "+r"(*reinterpret_cast<int *>(&C[2])),
                   "+r"(*reinterpret_cast<int *>(&C[3]))
                 : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(A[4]),
                   "r"(A[5]));
  else {
    double *D = reinterpret_cast<double *>(C);
    double X = __longlong_as_double((long long)A[0] << 20);
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
                 "{%0,%1}, {%2}, {%3}, {%0,%1};"
                 : "+d"(D[0]), "+d"(D[1])
                 : "d"(X), "d"(X));
  }
}

template <Kind K, int Acc>
__global__ void chains(float *Out, long long *Cycles, unsigned Seed) {
  float C[Acc][4];
  unsigned A[6];
  for (int I = 0; I < 6; ++I)
    A[I] = Seed * (threadIdx.x + I + 1);
  for (int J = 0; J < Acc; ++J)
    for (int E = 0; E < 4; ++E)
      C[J][E] = 0;
  __syncthreads();
  long long Start = clock64();
  for (int It = 0; It < Iter; ++It)
#pragma unroll
    for (int J = 0; J < Acc; ++J)
      mma<K>(C[J], A);
  long long End = clock64();
  float Sum = 0;
  for (int J = 0; J < Acc; ++J)
    for (int E = 0; E < 4; ++E)
      Sum += C[J][E];
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
  if (threadIdx.x % 32 == 0)
    atomicMax(reinterpret_cast<unsigned long long *>(&Cycles[blockIdx.x]),
              (unsigned long long)(End - Start));
}

template <Kind K, int Acc>
void run(const char *Name, int Sms, float *Out, long long *Cycles) {
  for (int Warps : {4, 8, 16, 32}) {
    cudaMemset(Cycles, 0, Sms * sizeof(long long));
    chains<K, Acc><<<Sms, Warps * 32>>>(Out, Cycles, 3);
    cudaError_t Err = cudaDeviceSynchronize();
    if (Err != cudaSuccess) {
      printf("%s,%d,%d,error %s\n", Name, Warps, Acc, cudaGetErrorString(Err));
      return;
    }
    long long Host[1024];
    cudaMemcpy(Host, Cycles, Sms * sizeof(long long), cudaMemcpyDeviceToHost);
    double Mean = 0;
    for (int B = 0; B < Sms; ++B)
      Mean += double(Host[B]) / Sms;
    double PerSmClock = double(Warps) * Acc * Iter / Mean;
    double StepCycles = Mean / Iter;
    printf("%s,%d,%d,%.4f,%.2f\n", Name, Warps, Acc, PerSmClock, StepCycles);
  }
}

int main() {
  int Sms = 0;
  cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0);
  float *Out;
  long long *Cycles;
  cudaMalloc(&Out, size_t(Sms) * 1024 * sizeof(float));
  cudaMalloc(&Cycles, Sms * sizeof(long long));
  printf("kind,warps_per_sm,chains_per_warp,mma_per_sm_clock,"
         "cycles_per_chain_step\n");
  run<F16, 1>("f16_m16n8k16", Sms, Out, Cycles);
  run<F16, 4>("f16_m16n8k16", Sms, Out, Cycles);
  run<F16, 8>("f16_m16n8k16", Sms, Out, Cycles);
  run<BF16, 4>("bf16_m16n8k16", Sms, Out, Cycles);
  run<TF32, 1>("tf32_m16n8k8", Sms, Out, Cycles);
  run<TF32, 4>("tf32_m16n8k8", Sms, Out, Cycles);
  run<S8, 1>("s8_m16n8k32", Sms, Out, Cycles);
  run<S8, 4>("s8_m16n8k32", Sms, Out, Cycles);
  run<F64, 1>("f64_m8n8k4", Sms, Out, Cycles);
  run<F64, 4>("f64_m8n8k4", Sms, Out, Cycles);
  return 0;
}
