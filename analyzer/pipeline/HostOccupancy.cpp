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
namespace {

/// What the calculator needs besides a parse's flags: the analysis's
/// request and parse (for the resource compile) and the first GPU.
struct OccupancySetting {
  AnalysisRequest Req;
  ParseOptions Parse;
  ArchitectureLimits Limits;
  unsigned Sms = 0;
  std::string Arch, GpuName;
};

/// One parse's calculator: one compile per file the kernels asked about
/// are in, at the first question (several files given: the kernel's own
/// file).
class NvccOccupancyCalculator : public OccupancyCalculator {
public:
  NvccOccupancyCalculator(std::shared_ptr<const OccupancySetting> Setting,
                          std::vector<std::string> CommandLine,
                          std::vector<std::string> CodeFlags)
      : Setting(std::move(Setting)), CommandLine(std::move(CommandLine)),
        CodeFlags(std::move(CodeFlags)) {}
  OccupancyAnswer answer(const OccupancyQuestion &Q) override;

private:
  struct Compiled {
    bool Ok = false;
    PtxasReport Ptxas;
    Note Why;
  };
  std::shared_ptr<const OccupancySetting> Setting;
  std::vector<std::string> CommandLine, CodeFlags;
  std::map<std::string, Compiled> ByFile;
};

OccupancyAnswer NvccOccupancyCalculator::answer(const OccupancyQuestion &Q) {
  const AnalysisRequest &Req = Setting->Req;
  const ParseOptions &Parse = Setting->Parse;
  const ArchitectureLimits &Limits = Setting->Limits;
  unsigned Sms = Setting->Sms;
  const std::string &Arch = Setting->Arch, &GpuName = Setting->GpuName;
  OccupancyAnswer A;
  std::string File = Q.File.empty() ? Parse.File : Q.File;
  auto It = ByFile.find(File);
  if (It == ByFile.end()) {
    ParseOptions ForFile = Parse;
    ForFile.File = File;
    ResourceOptions O = resourceOptions(Req, ForFile, CommandLine, CodeFlags,
                                        Report(), nullptr, "");
    Compiled C;
    C.Ok = O.Compile(Arch, C.Ptxas, C.Why);
    It = ByFile.emplace(File, std::move(C)).first;
  }
  const Compiled &R = It->second;
  if (!R.Ok) {
    A.Why = note(NoteId::HostRegistersNotCompiled, {}, {R.Why});
    return A;
  }
  const PtxasFunction *F =
      findKernelResources(R.Ptxas, Arch, Q.MangledName, Q.Name);
  if (!F) {
    A.Why = note(NoteId::HostPtxasNoKernel, {{"name", Q.Name}, {"arch", Arch}});
    return A;
  }
  KernelResourceUse Use;
  Use.Registers = F->Registers;
  Use.StaticSmemBytes = F->StaticSmemBytes;
  Use.Barriers = F->Barriers.value_or(0);
  Use.MaxThreadsPerBlock = Q.MaxThreadsPerBlock;
  Note Error;
  if (Q.Attributes) {
    A.Attributes.Registers = F->Registers;
    A.Attributes.StaticSmemBytes = F->StaticSmemBytes;
    A.Attributes.LocalBytes = F->StackFrameBytes;
    A.Attributes.MaxThreadsPerBlock = maxThreadsPerBlock(Limits, Use);
    A.Attributes.BinaryVersion = Limits.ComputeMajor * 10 + Limits.ComputeMinor;
  } else if (Q.BlockSize) {
    auto O =
        computeOccupancy(Limits, Use, Q.BlockSize, Q.DynamicSmemBytes, Error);
    A.ActiveBlocksPerSm = O ? O->ActiveBlocksPerSm : 0;
  } else {
    if (Q.BlockSizeLimit &&
        (!Use.MaxThreadsPerBlock || Q.BlockSizeLimit < Use.MaxThreadsPerBlock))
      Use.MaxThreadsPerBlock = Q.BlockSizeLimit;
    auto B = bestBlockSize(Limits, Sms, Use, Q.DynamicSmemBytes, Error);
    if (!B) {
      A.Why = note(NoteId::HostNoBestBlockSize, {{"name", Q.Name}}, {Error});
      return A;
    }
    A.BlockSize = B->BlockSize;
    A.MinGridSize = B->MinGridSize;
  }
  A.Assumption =
      note(NoteId::HostOccupancyFromNvcc, {{"gpu", GpuName}, {"arch", Arch}});
  return A;
}

/// Makes each parse its calculator, for the parse's flags.
class NvccOccupancyOracle : public OccupancyOracle {
public:
  explicit NvccOccupancyOracle(std::shared_ptr<const OccupancySetting> Setting)
      : Setting(std::move(Setting)) {}
  std::shared_ptr<OccupancyCalculator>
  forParse(const std::vector<std::string> &CommandLine,
           const std::vector<std::string> &CodeFlags) const override {
    return std::make_shared<NvccOccupancyCalculator>(Setting, CommandLine,
                                                     CodeFlags);
  }

private:
  std::shared_ptr<const OccupancySetting> Setting;
};

} // namespace

std::shared_ptr<const OccupancyOracle>
hostOccupancy(const AnalysisRequest &Req, const ParseOptions &Parse,
              const GpuSpec &Gpu, std::optional<Note> &WhyNot) {
  // The analysis's own resource compile, so that its cache entry is the one
  // the occupancy stage reads afterwards.
  ResourceOptions Probe =
      resourceOptions(Req, Parse, {}, {}, Report(), nullptr, "");
  if (Probe.Disabled) {
    WhyNot = note(NoteId::HostRegistersNotCompiled, {}, {*Probe.Disabled});
    return nullptr;
  }
  std::string Error;
  ArchitectureTable Archs;
  const ArchitectureLimits *Found =
      Archs.loadDefault(Error) ? Archs.find(Gpu.ComputeMajor, Gpu.ComputeMinor)
                               : nullptr;
  if (!Found || !Gpu.SmCount) {
    WhyNot = note(NoteId::HostNoOccupancyLimits, {{"gpu", Gpu.Name}});
    return nullptr;
  }
  auto Setting = std::make_shared<OccupancySetting>();
  Setting->Req = Req;
  Setting->Parse = Parse;
  Setting->Limits = *Found;
  Setting->Sms = unsigned(Gpu.SmCount->Value);
  Setting->Arch = Gpu.smArch();
  Setting->GpuName = Gpu.Name;
  return std::make_shared<NvccOccupancyOracle>(std::move(Setting));
}

} // namespace rla
