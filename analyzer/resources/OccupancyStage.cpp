//===- OccupancyStage.cpp -------------------------------------------------===//
#include "analyzer/resources/OccupancyStage.h"
#include "analyzer/hw/DramLatency.h"
#include "analyzer/models/LatencyBound.h"
#include "analyzer/models/LatencyHiding.h"
#include "analyzer/report/HumanUnits.h"

#include "llvm/Demangle/Demangle.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace rla {
namespace {

/// "tile<float, 256>" from "_Z4tileIfLi256EEvPKT_PS0_"; the name itself
/// when it is not mangled (extern "C").
std::string demangledName(const std::string &Mangled) {
  llvm::ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()))
    return Mangled;
  size_t Size = 0;
  char *Buf = D.getFunctionName(nullptr, &Size);
  if (!Buf)
    return Mangled;
  std::string Name(Buf);
  std::free(Buf);
  return Name;
}

std::string baseName(const std::string &Name) {
  std::string Base = Name.substr(0, Name.find('<'));
  size_t Scope = Base.rfind("::");
  return Scope == std::string::npos ? Base : Base.substr(Scope + 2);
}

std::optional<uint64_t> whole(const std::optional<Rational> &V) {
  if (!V)
    return std::nullopt;
  double D = V->toDouble();
  if (D < 0 || D != std::floor(D))
    return std::nullopt;
  return static_cast<uint64_t>(D);
}

std::string bytesText(double Bytes) {
  return formatSignificant(Bytes / 1024.0) + " KiB";
}

std::string percent(double Fraction) {
  return std::to_string(static_cast<int>(std::lround(Fraction * 100))) + "%";
}

std::string limitingText(const std::vector<std::string> &Limiting) {
  std::string Out;
  for (const std::string &L : Limiting) {
    std::string Word = L == "shared_memory" ? "shared memory" : L;
    Out += (Out.empty() ? "" : " and ") + Word;
  }
  return Out.empty() ? "nothing" : Out;
}

/// What to change so that the SM holds Needed warps, per limiting resource.
std::string remedy(const OccupancyResult &O, const ArchitectureLimits &A,
                   unsigned WarpsNeeded) {
  unsigned Target = std::min(WarpsNeeded, A.MaxWarpsPerSm);
  unsigned WarpsPerBlock = (O.BlockSize + A.WarpSize - 1) / A.WarpSize;
  unsigned BlocksNeeded = (Target + WarpsPerBlock - 1) / WarpsPerBlock;
  std::vector<std::string> Steps;
  for (const std::string &L : O.Limiting) {
    if (L == "registers") {
      // Registers per thread that let Target warps fit (allocation is per
      // warp in units of 256, i.e. 8 per thread).
      unsigned Regs = A.RegistersPerSm / (Target * A.WarpSize) / 8 * 8;
      Steps.push_back(
          "cap registers at " + std::to_string(Regs) + " per thread (now " +
          std::to_string(O.RegistersPerThread) + ") with __launch_bounds__(" +
          std::to_string(O.BlockSize) + ", " + std::to_string(BlocksNeeded) +
          ") or by keeping fewer values live");
    } else if (L == "shared_memory") {
      uint64_t PerBlock = O.StaticSmemBytes + O.DynamicSmemBytes;
      uint64_t Fits = BlocksNeeded ? A.SharedMemoryPerSm / BlocksNeeded : 0;
      Fits = Fits > A.ReservedSharedMemoryPerBlock
                 ? Fits - A.ReservedSharedMemoryPerBlock
                 : 0;
      Steps.push_back("use at most " + bytesText(Fits) +
                      " of shared memory per block (now " +
                      bytesText(PerBlock) + ") for " +
                      std::to_string(BlocksNeeded) + " blocks per SM");
    } else if (L == "blocks") {
      Steps.push_back("use larger blocks: " + std::to_string(A.MaxBlocksPerSm) +
                      " blocks of " + std::to_string(O.BlockSize) +
                      " threads hold only " +
                      std::to_string(O.ActiveWarpsPerSm) + " warps");
    } else if (L == "warps") {
      Steps.push_back("pick a block size that divides the SM's " +
                      std::to_string(A.MaxThreadsPerSm) + " threads");
    } else if (L == "barriers") {
      Steps.push_back("use fewer named barriers per block");
    }
  }
  std::string Out;
  for (const std::string &S : Steps)
    Out += (Out.empty() ? "" : "; or ") + S;
  return Out;
}

const GpuVerdict *verdictFor(const KernelReport &K, const GpuSpec *G) {
  for (const GpuVerdict &V : K.Verdicts)
    if (V.Gpu == G)
      return &V;
  return nullptr;
}

/// Threads of the launch; unset when a dimension is not a whole number.
std::optional<double> launchThreads(const KernelReport &K) {
  double Threads = 1;
  for (unsigned D = 0; D < 3; ++D) {
    auto Gr = whole(K.Launch.Grid[D]), Bl = whole(K.Launch.Block[D]);
    if (!Gr || !Bl)
      return std::nullopt;
    Threads *= static_cast<double>(*Gr) * static_cast<double>(*Bl);
  }
  return Threads;
}

/// The latency (Little's law) term of K's verdict on Occ's GPU, at both
/// ends of the ranges; nothing when a count is unbound.
void addLatencyBound(KernelReport &K, const OccupancyOnGpu &Occ,
                     const ArchitectureLimits &A, const ArchitectureTable &T) {
  const GpuSpec &G = *Occ.Gpu;
  GpuVerdict *V = nullptr;
  for (GpuVerdict &X : K.Verdicts)
    if (X.Gpu == &G)
      V = &X;
  std::optional<double> Threads = launchThreads(K);
  if (!V || !K.Totals || !G.SmCount || !Threads || *Threads <= 0)
    return;
  auto Loads = K.Totals->get("global_loads");
  auto Stores = K.Totals->get("global_stores");
  auto LoadBytes = K.Totals->get("global_load_bytes");
  auto StoreBytes = K.Totals->get("global_store_bytes");
  if (!Loads || !Stores || !LoadBytes || !StoreBytes)
    return;
  DramLatency Latency = dramLatencyOf(G, T);
  const OccupancyResult &O = *Occ.Result;
  unsigned WarpsPerBlock = (O.BlockSize + A.WarpSize - 1) / A.WarpSize;
  auto apply = [&](RooflineResult &R, bool High) {
    LatencyBoundInput In;
    In.SmCount = static_cast<unsigned>(G.SmCount->Value);
    In.ActiveWarpsPerSm = O.ActiveWarpsPerSm;
    In.LaunchWarps = *Threads / O.BlockSize * WarpsPerBlock;
    In.WarpSize = A.WarpSize;
    In.AccessesPerThread = ((High ? Loads->High : Loads->Low) +
                            (High ? Stores->High : Stores->Low)) /
                           *Threads;
    In.AccessBytesPerThread = ((High ? LoadBytes->High : LoadBytes->Low) +
                               (High ? StoreBytes->High : StoreBytes->Low)) /
                              *Threads;
    In.LatencySeconds = Latency.Seconds;
    In.CapAccesses = High;
    applyLatencyBound(R, evaluateLatencyBound(In), Latency.Seconds);
  };
  apply(V->Low, false);
  apply(V->High, true);
}

void checkLatency(KernelReport &K, const OccupancyOnGpu &Occ,
                  const ArchitectureLimits &A, const ArchitectureTable &T) {
  const GpuSpec &G = *Occ.Gpu;
  const GpuVerdict *V = verdictFor(K, &G);
  if (!V ||
      (V->High.Verdict != Bound::Memory && V->High.Verdict != Bound::Latency) ||
      !K.Totals || !G.SmCount || !G.DramBandwidth)
    return;
  std::optional<double> Whole = launchThreads(K);
  if (!Whole)
    return;
  double Threads = *Whole;
  auto Loads = K.Totals->get("global_loads");
  auto LoadBytes = K.Totals->get("global_load_bytes");
  if (!Loads || !LoadBytes || Threads <= 0)
    return;
  const OccupancyResult &O = *Occ.Result;
  LatencyHidingInput In;
  In.DramBandwidth = G.DramBandwidth->Value;
  In.SmCount = static_cast<unsigned>(G.SmCount->Value);
  DramLatency Latency = dramLatencyOf(G, T);
  In.LatencySeconds = Latency.Seconds;
  In.LoadsPerThread = Loads->High / Threads;
  In.LoadBytesPerThread = LoadBytes->High / Threads;
  In.ActiveWarpsPerSm = O.ActiveWarpsPerSm;
  In.MaxWarpsPerSm = O.MaxWarpsPerSm;
  In.WarpSize = A.WarpSize;
  LatencyHidingResult L = evaluateLatencyHiding(In);
  if (!L.OccupancyLimited)
    return;
  std::string Msg =
      "occupancy " + percent(O.Occupancy) + " on " + G.Name + " (" +
      std::to_string(O.ActiveWarpsPerSm) + " of " +
      std::to_string(O.MaxWarpsPerSm) + " warps per SM, limited by " +
      limitingText(O.Limiting) + ") keeps about " +
      bytesText(L.SuppliedBytesPerSm) +
      " of loads in flight per SM, but streaming at DRAM bandwidth needs " +
      bytesText(L.NeededBytesPerSm) + " (" + formatSi(In.DramBandwidth, "B/s") +
      " / " + std::to_string(In.SmCount) + " SMs x " +
      formatSignificant(Latency.Seconds * 1e9) + " ns " +
      (Latency.Assumed ? "assumed" : "measured") + " latency), about " +
      std::to_string(L.WarpsNeeded) + " warps at " +
      formatSignificant(L.InFlightBytesPerWarp) + " B per warp";
  std::string Fix = remedy(O, A, L.WarpsNeeded);
  if (!Fix.empty())
    Msg += "; to raise it: " + Fix;
  K.Findings.push_back(
      Finding{"rl-low-occupancy", Severity::Warning, Msg, K.Model.Location});
}

void addSpillFinding(KernelReport &K, const PtxasFunction &F) {
  if (F.SpillStoreBytes == 0 && F.SpillLoadBytes == 0)
    return;
  std::string Msg =
      "ptxas spills registers of '" + K.Model.Name + "' on " + F.Arch + ": " +
      std::to_string(F.SpillStoreBytes) + " bytes of spill stores and " +
      std::to_string(F.SpillLoadBytes) +
      " bytes of spill loads per thread (static counts), local-memory "
      "traffic the byte model does not include; reduce live values or "
      "relax __launch_bounds__";
  for (const Finding &Old : K.Findings)
    if (Old.Id == "rl-spills" && Old.Message == Msg)
      return;
  K.Findings.push_back(
      Finding{"rl-spills", Severity::Warning, Msg, K.Model.Location});
}

} // namespace

const PtxasFunction *findKernelResources(const PtxasReport &P,
                                         const std::string &Arch,
                                         const std::string &MangledName,
                                         const std::string &Name) {
  if (!MangledName.empty())
    if (const PtxasFunction *F = P.findEntry(MangledName, Arch))
      return F;
  const PtxasFunction *ByBase = nullptr;
  unsigned BaseMatches = 0;
  for (const PtxasFunction &F : P.Functions) {
    if (!F.IsEntry || (!Arch.empty() && F.Arch != Arch))
      continue;
    std::string Demangled = demangledName(F.MangledName);
    if (Demangled == Name)
      return &F;
    if (baseName(Demangled) == baseName(Name)) {
      ByBase = &F;
      ++BaseMatches;
    }
  }
  return BaseMatches == 1 ? ByBase : nullptr;
}

void attachOccupancy(Report &R, const OccupancyStageOptions &O) {
  // One compile per architecture, whatever the number of GPUs and kernels.
  std::map<std::string, std::pair<PtxasReport, std::string>> ByArch;
  if (O.Disabled.empty() && O.Archs)
    for (const GpuSpec *G : R.Gpus) {
      std::string Arch = G->smArch();
      if (ByArch.count(Arch) ||
          !O.Archs->find(G->ComputeMajor, G->ComputeMinor))
        continue;
      PtxasReport P;
      std::string Error;
      if (!O.Compile || !O.Compile(Arch, P, Error))
        ByArch[Arch] = {PtxasReport(), Error.empty() ? "no compiler" : Error};
      else
        ByArch[Arch] = {std::move(P), ""};
    }

  for (KernelReport &K : R.Kernels) {
    for (const GpuSpec *G : R.Gpus) {
      OccupancyOnGpu Occ;
      Occ.Gpu = G;
      Occ.MaxThreadsPerBlock = K.Model.LaunchBoundsMaxThreads;
      K.Occupancies.push_back(Occ);
      OccupancyOnGpu &Out = K.Occupancies.back();
      if (!O.Disabled.empty()) {
        Out.Unknown = O.Disabled;
        continue;
      }
      if (!O.Archs) {
        Out.Unknown = "no architecture limits: " + O.ArchsError;
        continue;
      }
      const ArchitectureLimits *A =
          O.Archs->find(G->ComputeMajor, G->ComputeMinor);
      if (!A) {
        Out.Unknown = "no limits for compute capability " +
                      std::to_string(G->ComputeMajor) + "." +
                      std::to_string(G->ComputeMinor) +
                      " in architectures.json";
        continue;
      }
      std::string Arch = G->smArch();
      const auto &[Ptxas, CompileError] = ByArch[Arch];
      if (!CompileError.empty()) {
        Out.Unknown = CompileError;
        continue;
      }
      const PtxasFunction *F =
          findKernelResources(Ptxas, Arch, K.Model.MangledName, K.Model.Name);
      if (!F || !F->HasUsage) {
        Out.Unknown = "ptxas reported no resources for '" + K.Model.Name +
                      "' (" + K.Model.MangledName + ") on " + Arch;
        continue;
      }
      Out.Resources = *F;
      addSpillFinding(K, *F);

      std::optional<uint64_t> Block = 1;
      for (unsigned D = 0; D < 3 && Block; ++D) {
        auto B = whole(K.Launch.Block[D]);
        Block = B ? std::optional<uint64_t>(*Block * *B) : std::nullopt;
      }
      if (!Block) {
        Out.Unknown = "the block size of this launch is not known; pass "
                      "--launch '" +
                      K.Model.Name + ":block=...'";
        continue;
      }
      std::optional<uint64_t> Dynamic =
          K.Launch.DynamicSmem ? whole(K.Launch.DynamicSmem) : uint64_t(0);
      if (!Dynamic) {
        Out.Unknown = "the dynamic shared memory of this launch is not a "
                      "known byte count";
        continue;
      }
      KernelResourceUse Use;
      Use.Registers = F->Registers;
      Use.StaticSmemBytes = F->StaticSmemBytes;
      Use.Barriers = F->Barriers.value_or(0);
      Use.MaxThreadsPerBlock = K.Model.LaunchBoundsMaxThreads;
      std::string Error;
      Out.Result = computeOccupancy(
          *A, Use, static_cast<unsigned>(std::min<uint64_t>(*Block, 1u << 30)),
          *Dynamic, Error);
      if (!Out.Result) {
        Out.Unknown = "this launch cannot run on " + G->Name + ": " + Error;
        continue;
      }
      addLatencyBound(K, Out, *A, *O.Archs);
      checkLatency(K, Out, *A, *O.Archs);
    }
  }
}

} // namespace rla
