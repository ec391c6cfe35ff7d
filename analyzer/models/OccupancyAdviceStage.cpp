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
#include "analyzer/models/Occupancy.h"
#include "analyzer/models/OccupancyStages.h"

#include <algorithm>
#include <cmath>

namespace rla {
namespace {

/// Blocks per SM the occupancy model gives O's kernel with Registers per
/// thread and SmemBytes of shared memory per block (static, as a cap on
/// what the kernel declares); 0 when the model refuses the configuration.
unsigned blocksWith(const ArchitectureLimits &A, const OccupancyResult &O,
                    unsigned MaxThreadsPerBlock, unsigned Registers,
                    uint64_t SmemBytes) {
  KernelResourceUse Use;
  Use.Registers = Registers;
  Use.StaticSmemBytes = SmemBytes;
  Use.MaxThreadsPerBlock = MaxThreadsPerBlock;
  Note Error;
  std::optional<OccupancyResult> R =
      computeOccupancy(A, Use, O.BlockSize, /*DynamicSmemBytes=*/0, Error);
  return R ? R->ActiveBlocksPerSm : 0;
}

/// What to change so that the SM holds WarpsNeeded warps, per limiting
/// resource, as numbers for the finding (worded in report/). Each cap is
/// the largest value with which the occupancy model itself gives the blocks
/// needed, the other resources as they are: the report offers each as an
/// alternative. A resource no value of which reaches them alone gets no
/// cap.
void addRemedy(FindingData &Data, const OccupancyResult &O,
               const ArchitectureLimits &A, unsigned MaxThreadsPerBlock,
               unsigned WarpsNeeded) {
  unsigned Target = std::min(WarpsNeeded, A.MaxWarpsPerSm);
  unsigned WarpsPerBlock = (O.BlockSize + A.WarpSize - 1) / A.WarpSize;
  unsigned BlocksNeeded = (Target + WarpsPerBlock - 1) / WarpsPerBlock;
  Data["block_size"] = double(O.BlockSize);
  Data["blocks_needed"] = double(BlocksNeeded);
  auto Limits = [&](const char *Name) {
    return std::find(O.Limiting.begin(), O.Limiting.end(), Name) !=
           O.Limiting.end();
  };
  const unsigned Registers = O.RegistersPerThread;
  const uint64_t Smem = O.StaticSmemBytes + O.DynamicSmemBytes;
  auto Reaches = [&](unsigned R, uint64_t S) {
    return blocksWith(A, O, MaxThreadsPerBlock, R, S) >= BlocksNeeded;
  };
  if (Limits("registers"))
    for (unsigned R = Registers; R > 0; --R)
      if (Reaches(R, Smem)) {
        Data["registers_cap"] = double(R);
        Data["registers_per_thread"] = double(Registers);
        break;
      }
  if (Limits("shared_memory") && Reaches(Registers, 0)) {
    uint64_t Lo = 0, Hi = Smem;
    while (Lo < Hi) {
      uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
      if (Reaches(Registers, Mid))
        Lo = Mid;
      else
        Hi = Mid - 1;
    }
    Data["shared_memory_cap_bytes"] = double(Lo);
    Data["shared_memory_per_block_bytes"] = double(Smem);
  }
  if (Limits("blocks"))
    Data["max_blocks_per_sm"] = double(A.MaxBlocksPerSm);
  if (Limits("warps"))
    Data["max_threads_per_sm"] = double(A.MaxThreadsPerSm);
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
  addRemedy(Data, O, A, Occ.MaxThreadsPerBlock, L.WarpsNeeded);
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
