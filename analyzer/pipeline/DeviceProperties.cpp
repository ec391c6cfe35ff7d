//===- DeviceProperties.cpp -----------------------------------------------===//
#include "analyzer/pipeline/DeviceProperties.h"

namespace rla {

std::map<std::string, Rational>
deviceProperties(const GpuSpec &G, const ArchitectureLimits *Limits) {
  std::map<std::string, Rational> P;
  auto set = [&](const char *Name, double V) {
    P[Name] = Rational(static_cast<int64_t>(V));
  };
  set("major", G.ComputeMajor);
  set("minor", G.ComputeMinor);
  if (G.SmCount)
    set("multiProcessorCount", G.SmCount->Value);
  if (G.L2Bytes)
    set("l2CacheSize", G.L2Bytes->Value);
  if (G.DramBytes)
    set("totalGlobalMem", G.DramBytes->Value);
  if (G.BoostClockHz)
    set("clockRate", G.BoostClockHz->Value / 1000); // kHz, as the runtime
  // Limits every architecture since compute capability 3.0 shares.
  set("maxGridSize[0]", 2147483647);
  set("maxGridSize[1]", 65535);
  set("maxGridSize[2]", 65535);
  set("maxThreadsDim[0]", 1024);
  set("maxThreadsDim[1]", 1024);
  set("maxThreadsDim[2]", 64);
  set("totalConstMem", 65536);
  if (!Limits)
    return P;
  set("warpSize", Limits->WarpSize);
  set("maxThreadsPerBlock", Limits->MaxThreadsPerBlock);
  set("maxThreadsPerMultiProcessor", Limits->MaxThreadsPerSm);
  set("maxBlocksPerMultiProcessor", Limits->MaxBlocksPerSm);
  set("regsPerBlock", Limits->RegistersPerBlock);
  set("regsPerMultiprocessor", Limits->RegistersPerSm);
  set("sharedMemPerBlock", double(Limits->SharedMemoryPerBlock));
  set("sharedMemPerBlockOptin", double(Limits->SharedMemoryPerBlockOptin));
  set("sharedMemPerMultiprocessor", double(Limits->SharedMemoryPerSm));
  set("reservedSharedMemPerBlock",
      double(Limits->ReservedSharedMemoryPerBlock));
  return P;
}

} // namespace rla
