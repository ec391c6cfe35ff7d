//===- HostOccupancy.cpp --------------------------------------------------===//
#include "analyzer/pipeline/HostOccupancy.h"
#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/models/KernelResources.h"
#include "analyzer/models/Occupancy.h"
#include "analyzer/pipeline/AnalysisResources.h"
#include "analyzer/report/Report.h"

#include <map>
#include <memory>

namespace rla {

std::function<OccupancyOracle(const std::vector<std::string> &,
                              const std::vector<std::string> &)>
hostOccupancy(const AnalysisRequest &Req, const ParseOptions &Parse,
              const GpuSpec &Gpu, std::string &WhyNot) {
  // The analysis's own resource compile, so that its cache entry is the one
  // the occupancy stage reads afterwards.
  ResourceOptions Probe =
      resourceOptions(Req, Parse, {}, {}, Report(), nullptr, "");
  if (!Probe.Disabled.empty()) {
    WhyNot = "the kernel's registers are not known: " + Probe.Disabled;
    return {};
  }
  std::string Error;
  ArchitectureTable Archs;
  const ArchitectureLimits *Found =
      Archs.loadDefault(Error) ? Archs.find(Gpu.ComputeMajor, Gpu.ComputeMinor)
                               : nullptr;
  if (!Found || !Gpu.SmCount) {
    WhyNot = "the occupancy calculator has no limits for " + Gpu.Name;
    return {};
  }
  ArchitectureLimits Limits = *Found;
  unsigned Sms = unsigned(Gpu.SmCount->Value);
  std::string Arch = Gpu.smArch(), GpuName = Gpu.Name;
  return [=](const std::vector<std::string> &CommandLine,
             const std::vector<std::string> &CodeFlags) -> OccupancyOracle {
    // One compile per file the kernels asked about are in, at the first
    // question (several files given: the kernel's own file).
    struct Compiled {
      bool Ok = false;
      PtxasReport Ptxas;
      std::string Error;
    };
    auto ByFile = std::make_shared<std::map<std::string, Compiled>>();
    return [=](const OccupancyQuestion &Q) -> OccupancyAnswer {
      OccupancyAnswer A;
      std::string File = Q.File.empty() ? Parse.File : Q.File;
      auto It = ByFile->find(File);
      if (It == ByFile->end()) {
        ParseOptions ForFile = Parse;
        ForFile.File = File;
        ResourceOptions O = resourceOptions(Req, ForFile, CommandLine,
                                            CodeFlags, Report(), nullptr, "");
        Compiled C;
        C.Ok = O.Compile(Arch, C.Ptxas, C.Error);
        It = ByFile->emplace(File, std::move(C)).first;
      }
      const Compiled &R = It->second;
      if (!R.Ok) {
        A.Why = "the kernel's registers are not known: " + R.Error;
        return A;
      }
      const PtxasFunction *F =
          findKernelResources(R.Ptxas, Arch, Q.MangledName, Q.Name);
      if (!F) {
        A.Why = "ptxas reports no kernel '" + Q.Name + "' for " + Arch;
        return A;
      }
      KernelResourceUse Use;
      Use.Registers = F->Registers;
      Use.StaticSmemBytes = F->StaticSmemBytes;
      Use.Barriers = F->Barriers.value_or(0);
      Use.MaxThreadsPerBlock = Q.MaxThreadsPerBlock;
      std::string Error;
      if (Q.BlockSize) {
        auto O = computeOccupancy(Limits, Use, Q.BlockSize, Q.DynamicSmemBytes,
                                  Error);
        A.ActiveBlocksPerSm = O ? O->ActiveBlocksPerSm : 0;
      } else {
        if (Q.BlockSizeLimit && (!Use.MaxThreadsPerBlock ||
                                 Q.BlockSizeLimit < Use.MaxThreadsPerBlock))
          Use.MaxThreadsPerBlock = Q.BlockSizeLimit;
        auto B = bestBlockSize(Limits, Sms, Use, Q.DynamicSmemBytes, Error);
        if (!B) {
          A.Why = "the occupancy calculator has no block size for '" + Q.Name +
                  "': " + Error;
          return A;
        }
        A.BlockSize = B->BlockSize;
        A.MinGridSize = B->MinGridSize;
      }
      A.Assumption = "occupancy as the runtime computes it on " + GpuName +
                     " (the first --gpu), from nvcc's registers for " + Arch;
      return A;
    };
  };
}

} // namespace rla
