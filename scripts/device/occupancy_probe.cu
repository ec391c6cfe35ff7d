// occupancy_probe.cu - asks the CUDA runtime, on the GPU it runs on, how many
// blocks of each kernel fit on one SM, for every block size the kernel allows
// (multiples of 32) and a list of dynamic shared memory sizes.
//
//   occupancy_probe OUT.json LABEL CUBIN NAMES [LABEL CUBIN NAMES ...]
//
// CUBIN is a device-only compile (nvcc -cubin -arch=sm_XX), NAMES a file with
// one mangled kernel name per line. Each kernel is loaded with
// cudaLibraryLoadFromFile / cudaLibraryGetKernel, its attributes read with
// cudaFuncGetAttributes, its dynamic shared memory limit raised to the opt-in
// maximum (cudaFuncSetAttribute), and cudaOccupancyMaxActiveBlocksPerMultiprocessor
// asked for every (block size, dynamic shared memory) pair that can launch.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t Err_ = (call);                                                 \
    if (Err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,       \
                   cudaGetErrorString(Err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  if (argc < 5 || (argc - 2) % 3 != 0) {
    std::fprintf(stderr,
                 "usage: %s OUT.json LABEL CUBIN NAMES [LABEL CUBIN NAMES ...]\n",
                 argv[0]);
    return 2;
  }
  int Dev = 0;
  CHECK(cudaSetDevice(Dev));
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, Dev));
  int Optin = 0;
  CHECK(cudaDeviceGetAttribute(&Optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                               Dev));
  int Version = 0;
  CHECK(cudaRuntimeGetVersion(&Version));
  int Driver = 0;
  CHECK(cudaDriverGetVersion(&Driver));

  const size_t Smem[] = {0,         8 * 1024,   16 * 1024,  32 * 1024,
                         48 * 1024, 64 * 1024,  96 * 1024,  128 * 1024,
                         160 * 1024, 192 * 1024, 200 * 1024, (size_t)Optin};

  FILE *Out = std::fopen(argv[1], "w");
  if (!Out) {
    std::perror(argv[1]);
    return 1;
  }
  std::fprintf(Out,
               "{\n  \"device\": {\"name\": \"%s\", \"compute_capability\": "
               "\"%d.%d\", \"multiprocessors\": %d, "
               "\"shared_memory_per_sm\": %zu, \"shared_memory_per_block_optin\": "
               "%d, \"reserved_shared_memory_per_block\": %zu, "
               "\"registers_per_sm\": %d, \"max_threads_per_sm\": %d, "
               "\"max_blocks_per_sm\": %d, \"runtime_version\": %d, "
               "\"driver_version\": %d},\n",
               P.name, P.major, P.minor, P.multiProcessorCount,
               P.sharedMemPerMultiprocessor, Optin,
               P.reservedSharedMemPerBlock, P.regsPerMultiprocessor,
               P.maxThreadsPerMultiProcessor, P.maxBlocksPerMultiProcessor,
               Version, Driver);
  std::fprintf(Out, "  \"columns\": [\"block_size\", \"dynamic_smem_bytes\", "
                    "\"active_blocks_per_sm\"],\n  \"kernels\": [");
  bool FirstKernel = true;
  for (int A = 2; A + 2 < argc; A += 3) {
    const char *Label = argv[A], *Cubin = argv[A + 1];
    cudaLibrary_t Lib;
    CHECK(cudaLibraryLoadFromFile(&Lib, Cubin, nullptr, nullptr, 0, nullptr,
                                  nullptr, 0));
    std::ifstream Names(argv[A + 2]);
    std::string Name;
    while (std::getline(Names, Name)) {
      if (Name.empty())
        continue;
      cudaKernel_t K;
      CHECK(cudaLibraryGetKernel(&K, Lib, Name.c_str()));
      const void *F = reinterpret_cast<const void *>(K);
      cudaFuncAttributes Attr;
      CHECK(cudaFuncGetAttributes(&Attr, F));
      int MaxDynamic = Optin - static_cast<int>(Attr.sharedSizeBytes);
      CHECK(cudaFuncSetAttribute(F, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 MaxDynamic));
      int MinGrid = 0, BestBlock = 0;
      CHECK(cudaOccupancyMaxPotentialBlockSize(&MinGrid, &BestBlock, F, 0, 0));
      std::fprintf(Out,
                   "%s\n    {\"file\": \"%s\", \"mangled_name\": \"%s\", "
                   "\"num_regs\": %d, \"shared_size_bytes\": %zu, "
                   "\"local_size_bytes\": %zu, \"max_threads_per_block\": %d, "
                   "\"max_dynamic_shared_size_bytes\": %d, "
                   "\"best_block_size\": %d, \"min_grid_size\": %d,\n"
                   "     \"rows\": [",
                   FirstKernel ? "" : ",", Label, Name.c_str(), Attr.numRegs,
                   Attr.sharedSizeBytes, Attr.localSizeBytes,
                   Attr.maxThreadsPerBlock, MaxDynamic, BestBlock, MinGrid);
      FirstKernel = false;
      bool FirstRow = true;
      for (int Block = 32; Block <= Attr.maxThreadsPerBlock; Block += 32)
        for (size_t Dyn : Smem) {
          if (Dyn > static_cast<size_t>(MaxDynamic))
            continue;
          int Blocks = -1;
          CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, F, Block,
                                                              Dyn));
          std::fprintf(Out, "%s[%d, %zu, %d]", FirstRow ? "" : ", ", Block,
                       Dyn, Blocks);
          FirstRow = false;
        }
      std::fprintf(Out, "]}");
    }
  }
  std::fprintf(Out, "\n  ]\n}\n");
  std::fclose(Out);
  return 0;
}
