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

#include <algorithm>
#include <cmath>

namespace rla {
namespace {

/// What to change so that the SM holds WarpsNeeded warps, per limiting
/// resource, as numbers for the finding (worded in report/).
void addRemedy(FindingData &Data, const OccupancyResult &O,
               const ArchitectureLimits &A, unsigned WarpsNeeded) {
  unsigned Target = std::min(WarpsNeeded, A.MaxWarpsPerSm);
  unsigned WarpsPerBlock = (O.BlockSize + A.WarpSize - 1) / A.WarpSize;
  unsigned BlocksNeeded = (Target + WarpsPerBlock - 1) / WarpsPerBlock;
  Data["block_size"] = double(O.BlockSize);
  Data["blocks_needed"] = double(BlocksNeeded);
  for (const std::string &L : O.Limiting) {
    if (L == "registers") {
      // Registers per thread that let Target warps fit (allocation is per
      // warp in units of 256, i.e. 8 per thread).
      Data["registers_cap"] =
          double(A.RegistersPerSm / (Target * A.WarpSize) / 8 * 8);
      Data["registers_per_thread"] = double(O.RegistersPerThread);
    } else if (L == "shared_memory") {
      uint64_t PerBlock = O.StaticSmemBytes + O.DynamicSmemBytes;
      uint64_t Fits = BlocksNeeded ? A.SharedMemoryPerSm / BlocksNeeded : 0;
      Fits = Fits > A.ReservedSharedMemoryPerBlock
                 ? Fits - A.ReservedSharedMemoryPerBlock
                 : 0;
      Data["shared_memory_cap_bytes"] = double(Fits);
      Data["shared_memory_per_block_bytes"] = double(PerBlock);
    } else if (L == "blocks") {
      Data["max_blocks_per_sm"] = double(A.MaxBlocksPerSm);
    } else if (L == "warps") {
      Data["max_threads_per_sm"] = double(A.MaxThreadsPerSm);
    }
  }
}

void checkLatency(KernelReport &K, const OccupancyOnGpu &Occ,
                  const ArchitectureLimits &A, const ArchitectureTable &T) {
  const GpuSpec &G = *Occ.Gpu;
  const GpuVerdict *V = nullptr;
  for (const GpuVerdict &X : K.Verdicts)
    if (X.Gpu == &G)
      V = &X;
  if (!V ||
      (V->High.Verdict != Level::Dram && V->High.Verdict != Level::Latency) ||
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
  std::string Limiting;
  for (const std::string &L : O.Limiting)
    Limiting += (Limiting.empty() ? "" : ",") + L;
  FindingData Data = {{"gpu", G.Name},
                      {"occupancy", O.Occupancy},
                      {"active_warps_per_sm", double(O.ActiveWarpsPerSm)},
                      {"max_warps_per_sm", double(O.MaxWarpsPerSm)},
                      {"limiting", Limiting},
                      {"in_flight_bytes_per_sm", L.SuppliedBytesPerSm},
                      {"needed_bytes_per_sm", L.NeededBytesPerSm},
                      {"dram_bandwidth", In.DramBandwidth},
                      {"sm_count", double(In.SmCount)},
                      {"latency_seconds", Latency.Seconds},
                      {"latency_assumed", double(Latency.Assumed)},
                      {"warps_needed", double(L.WarpsNeeded)},
                      {"in_flight_bytes_per_warp", L.InFlightBytesPerWarp}};
  addRemedy(Data, O, A, L.WarpsNeeded);
  K.Findings.push_back(dataFinding("rl-low-occupancy", Severity::Warning,
                                   K.Model.Location, std::move(Data)));
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
