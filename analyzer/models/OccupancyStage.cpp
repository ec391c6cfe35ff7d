//===- OccupancyStage.cpp - Resident warps of the launch on each GPU ------===//
///
/// \file
/// The compiled kernel's registers and shared memory (ptxas, per
/// architecture) and the launch's block size give its occupancy on every
/// GPU asked for (Occupancy.h), and [rl-spills] when ptxas spilled.
//===----------------------------------------------------------------------===//
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/OccupancyStages.h"

#include <algorithm>

namespace rla {
namespace {

void addSpillFinding(KernelReport &K, const PtxasFunction &F) {
  if (F.SpillStoreBytes == 0 && F.SpillLoadBytes == 0)
    return;
  FindingData Data = {{"kernel", K.Model.Name},
                      {"arch", F.Arch},
                      {"spill_store_bytes", double(F.SpillStoreBytes)},
                      {"spill_load_bytes", double(F.SpillLoadBytes)}};
  for (const Finding &Old : K.Findings)
    if (Old.Id == "rl-spills" && Old.Data == Data)
      return;
  K.Findings.push_back(dataFinding("rl-spills", Severity::Warning,
                                   K.Model.Location, std::move(Data)));
}

/// Fills Out for one GPU; false with Out.Unknown set when it cannot.
bool occupancyOn(const GpuSpec &G, KernelResources &Resources, KernelReport &K,
                 OccupancyOnGpu &Out) {
  const ResourceOptions &O = Resources.options();
  if (O.Disabled) {
    Out.Unknown = *O.Disabled;
    return false;
  }
  if (!O.Archs) {
    Out.Unknown = note(NoteId::NoArchitectureLimits, {{"error", O.ArchsError}});
    return false;
  }
  const ArchitectureLimits *A = O.Archs->find(G.ComputeMajor, G.ComputeMinor);
  if (!A) {
    Out.Unknown = note(
        NoteId::NoLimitsForComputeCapability,
        {{"major", double(G.ComputeMajor)}, {"minor", double(G.ComputeMinor)}});
    return false;
  }
  std::string Arch = G.smArch();
  Note CompileError;
  const PtxasReport *Ptxas = Resources.forArch(Arch, CompileError);
  if (!Ptxas) {
    Out.Unknown = CompileError;
    return false;
  }
  const PtxasFunction *F =
      findKernelResources(*Ptxas, Arch, K.Model.MangledName, K.Model.Name);
  if (!F || !F->HasUsage) {
    Out.Unknown =
        note(NoteId::NoPtxasResources, {{"kernel", K.Model.Name},
                                        {"mangled", K.Model.MangledName},
                                        {"arch", Arch}});
    return false;
  }
  Out.Resources = *F;
  addSpillFinding(K, *F);
  if (std::string Near = Resources.substituteFor(Arch); !Near.empty()) {
    addNoteOnce(K.Assumptions,
                note(NoteId::ResourcesFromNearestArch,
                     {{"gpu", G.Name}, {"arch", Arch}, {"near", Near}}));
  }

  std::optional<uint64_t> Block = 1;
  for (unsigned D = 0; D < 3 && Block; ++D) {
    auto B = wholeNumber(K.Launch.Block[D]);
    Block = B ? std::optional<uint64_t>(*Block * *B) : std::nullopt;
  }
  if (!Block) {
    Out.Unknown = note(NoteId::BlockSizeUnknown, {{"kernel", K.Model.Name}});
    return false;
  }
  std::optional<uint64_t> Dynamic =
      K.Launch.DynamicSmem ? wholeNumber(K.Launch.DynamicSmem) : uint64_t(0);
  if (!Dynamic) {
    Out.Unknown = note(NoteId::DynamicSmemUnknown);
    return false;
  }
  KernelResourceUse Use;
  Use.Registers = F->Registers;
  Use.StaticSmemBytes = F->StaticSmemBytes;
  Use.Barriers = F->Barriers.value_or(0);
  Use.MaxThreadsPerBlock = K.Model.LaunchBoundsMaxThreads;
  Note Error;
  Out.Result = computeOccupancy(
      *A, Use, static_cast<unsigned>(std::min<uint64_t>(*Block, 1u << 30)),
      *Dynamic, Error);
  if (!Out.Result) {
    Out.Unknown = note(NoteId::LaunchCannotRun, {{"gpu", G.Name}}, {Error});
    return false;
  }
  return true;
}

class OccupancyStage : public LaunchStage {
public:
  const char *name() const override { return "occupancy"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    if (!C.Resources)
      return;
    for (const GpuSpec *G : C.Resources->gpus()) {
      OccupancyOnGpu Occ;
      Occ.Gpu = G;
      Occ.MaxThreadsPerBlock = C.Model.LaunchBoundsMaxThreads;
      R.Occupancies.push_back(Occ);
      occupancyOn(*G, *C.Resources, R, R.Occupancies.back());
    }
  }
};

} // namespace

std::optional<uint64_t> wholeNumber(const std::optional<Rational> &V) {
  if (!V)
    return std::nullopt;
  double D = V->toDouble();
  if (D < 0 || D != std::floor(D))
    return std::nullopt;
  return static_cast<uint64_t>(D);
}

std::optional<double> launchThreads(const KernelReport &K) {
  double Threads = 1;
  for (unsigned D = 0; D < 3; ++D) {
    auto Gr = wholeNumber(K.Launch.Grid[D]),
         Bl = wholeNumber(K.Launch.Block[D]);
    if (!Gr || !Bl)
      return std::nullopt;
    Threads *= static_cast<double>(*Gr) * static_cast<double>(*Bl);
  }
  return Threads;
}

std::optional<double> launchBlocks(const KernelReport &K) {
  double Blocks = 1;
  for (unsigned D = 0; D < 3; ++D) {
    auto Gr = wholeNumber(K.Launch.Grid[D]);
    if (!Gr)
      return std::nullopt;
    Blocks *= static_cast<double>(*Gr);
  }
  return Blocks;
}

void forEachComputedOccupancy(
    const LaunchContext &C, const KernelReport &R,
    const std::function<void(const OccupancyOnGpu &, const ArchitectureLimits &,
                             const ArchitectureTable &)> &F) {
  if (!C.Resources || !C.Resources->options().Archs)
    return;
  const ArchitectureTable &Archs = *C.Resources->options().Archs;
  for (const OccupancyOnGpu &Occ : R.Occupancies)
    if (Occ.Result)
      if (const ArchitectureLimits *A =
              Archs.find(Occ.Gpu->ComputeMajor, Occ.Gpu->ComputeMinor))
        F(Occ, *A, Archs);
}

std::unique_ptr<LaunchStage> makeOccupancyStage() {
  return std::make_unique<OccupancyStage>();
}

} // namespace rla
