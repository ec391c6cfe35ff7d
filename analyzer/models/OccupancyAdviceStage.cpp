//===- OccupancyAdviceStage.cpp - Too few warps to stream from DRAM -------===//
///
/// \file
/// A launch whose verdict is on the DRAM side, with too few resident warps
/// to keep DRAM busy (LatencyHiding.h), gets [rl-low-occupancy] with what
/// limits its occupancy and what to change.
//===----------------------------------------------------------------------===//
#include "analyzer/hw/DramLatency.h"
#include "analyzer/models/LatencyHiding.h"
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/OccupancyStages.h"
#include "analyzer/support/HumanUnits.h"

#include <algorithm>
#include <cmath>

namespace rla {
namespace {

/// Shared-memory sizes, as CUDA states its limits: "48 KiB".
std::string kibText(double Bytes) {
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
      Steps.push_back("use at most " + kibText(Fits) +
                      " of shared memory per block (now " + kibText(PerBlock) +
                      ") for " + std::to_string(BlocksNeeded) +
                      " blocks per SM");
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

void checkLatency(KernelReport &K, const OccupancyOnGpu &Occ,
                  const ArchitectureLimits &A, const ArchitectureTable &T) {
  const GpuSpec &G = *Occ.Gpu;
  const GpuVerdict *V = nullptr;
  for (const GpuVerdict &X : K.Verdicts)
    if (X.Gpu == &G)
      V = &X;
  if (!V ||
      (V->High.Verdict != Bound::Memory && V->High.Verdict != Bound::Latency) ||
      !K.Totals || !G.SmCount || !G.DramBandwidth)
    return;
  std::optional<double> Whole = launchThreads(K);
  if (!Whole)
    return;
  double Threads = *Whole;
  auto Loads = K.Totals->get(Metric::GlobalLoads);
  auto LoadBytes = K.Totals->get(Metric::GlobalLoadBytes);
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
      kibText(L.SuppliedBytesPerSm) +
      " of loads in flight per SM, but streaming at DRAM bandwidth needs " +
      kibText(L.NeededBytesPerSm) + " (" + formatSi(In.DramBandwidth, "B/s") +
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

class OccupancyAdviceStage : public LaunchStage {
public:
  const char *name() const override { return "occupancy-advice"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    forEachComputedOccupancy(C, R,
                             [&](const OccupancyOnGpu &Occ,
                                 const ArchitectureLimits &A,
                                 const ArchitectureTable &Archs) {
                               checkLatency(R, Occ, A, Archs);
                             });
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeOccupancyAdviceStage() {
  return std::make_unique<OccupancyAdviceStage>();
}

} // namespace rla
