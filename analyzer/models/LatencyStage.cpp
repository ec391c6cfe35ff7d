//===- LatencyStage.cpp - Little's law on the resident warps --------------===//
///
/// \file
/// With occupancy known, the DRAM bandwidth the resident warps can sustain
/// (LatencyBound.h) is one more term of the launch's time on that GPU.
//===----------------------------------------------------------------------===//
#include "analyzer/hw/DramLatency.h"
#include "analyzer/models/LatencyBound.h"
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/OccupancyStages.h"

#include <algorithm>

namespace rla {
namespace {

void addLatencyBound(KernelReport &K, const OccupancyOnGpu &Occ,
                     const ArchitectureLimits &A, const ArchitectureTable &T) {
  const GpuSpec &G = *Occ.Gpu;
  GpuVerdict *V = verdictOn(K, G);
  std::optional<double> Threads = launchThreads(K);
  if (!V || !K.Totals || !G.SmCount || !Threads || *Threads <= 0)
    return;
  auto Loads = K.Totals->get(Metric::GlobalLoads);
  auto Stores = K.Totals->get(Metric::GlobalStores);
  auto LoadBytes = K.Totals->get(Metric::GlobalLoadBytes);
  auto StoreBytes = K.Totals->get(Metric::GlobalStoreBytes);
  if (!Loads || !Stores || !LoadBytes || !StoreBytes)
    return;
  DramLatency Latency = dramLatencyOf(G, T);
  // A GPU without its own DRAM latency says so where the verdict is.
  if (Latency.Assumed && Latency.Seconds > 0) {
    addNoteOnce(K.Assumptions,
                note(NoteId::DramLatencyAssumed, {{"gpu", G.Name},
                                                  {"latency", Latency.Seconds},
                                                  {"source", Latency.Source}}));
  }
  const OccupancyResult &O = *Occ.Result;
  unsigned WarpsPerBlock = (O.BlockSize + A.WarpSize - 1) / A.WarpSize;
  auto apply = [&](RooflineResult &R, bool High) {
    LatencyBoundInput In;
    In.SmCount = static_cast<unsigned>(G.SmCount->Value);
    In.ActiveWarpsPerSm = O.ActiveWarpsPerSm;
    In.LaunchWarps = *Threads / O.BlockSize * WarpsPerBlock;
    In.WarpSize = A.WarpSize;
    // A store is posted: the warp goes on without waiting for it, so only
    // loads keep bytes in flight against the DRAM latency (a grid of
    // stores runs at its DRAM or launch time: launch_floor.sh's store rows).
    In.AccessesPerThread = (High ? Loads->High : Loads->Low) / *Threads;
    In.AccessBytesPerThread =
        (High ? LoadBytes->High : LoadBytes->Low) / *Threads;
    In.LatencySeconds = Latency.Seconds;
    In.CapAccesses = High;
    if (V->Issue)
      In.CompiledLoadsInFlight = V->Issue->Mix.LoadsInFlight;
    if (K.Memory && K.Memory->Available && LoadBytes->High > 0)
      In.DramBytesPerLoadByte = K.Memory->DramReadBytes / LoadBytes->High;
    const UnitLatencies &U = A.Latencies;
    if (G.BoostClockHz && G.BoostClockHz->Value > 0 && U.DramUnloaded > 0 &&
        U.DramLoadedSectors > 0 && U.Dram > U.DramUnloaded) {
      In.UnloadedLatencySeconds = U.DramUnloaded / G.BoostClockHz->Value;
      In.LatencySecondsPerSector = (U.Dram - U.DramUnloaded) /
                                   U.DramLoadedSectors / G.BoostClockHz->Value;
    }
    double AllBytes = LoadBytes->High + StoreBytes->High;
    double Bytes = High ? LoadBytes->High : LoadBytes->Low;
    applyLatencyBound(R, evaluateLatencyBound(In),
                      latencyDramBytes(R.DramBytes, Bytes, AllBytes));
  };
  apply(V->Low, false);
  apply(V->High, true);
}

class LatencyStage : public LaunchStage {
public:
  const char *name() const override { return "latency"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    forEachComputedOccupancy(C, R,
                             [&](const OccupancyOnGpu &Occ,
                                 const ArchitectureLimits &A,
                                 const ArchitectureTable &Archs) {
                               addLatencyBound(R, Occ, A, Archs);
                             });
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeLatencyStage() {
  return std::make_unique<LatencyStage>();
}

} // namespace rla
