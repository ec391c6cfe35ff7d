//===- LaunchCostStage.cpp - Handing out blocks, and the launch floor -----===//
///
/// \file
/// With the GPU's launch costs (data/architectures.json) and the blocks
/// that fit an SM, the time to hand out every block is one more limiter of
/// the launch, and the floor every launch takes is added to its time
/// (LaunchCost.h).
//===----------------------------------------------------------------------===//
#include "analyzer/models/LaunchCost.h"
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/OccupancyStages.h"

#include "llvm/ADT/StringRef.h"

namespace rla {
namespace {

void addLaunchCost(KernelReport &K, const OccupancyOnGpu &Occ,
                   const ArchitectureLimits &A) {
  const GpuSpec &G = *Occ.Gpu;
  GpuVerdict *V = verdictOn(K, G);
  std::optional<double> Threads = launchThreads(K);
  const OccupancyResult &O = *Occ.Result;
  if (!V || !A.Launch.known() || !G.SmCount || !G.BoostClockHz || !Threads ||
      *Threads <= 0 || O.BlockSize == 0)
    return;
  LaunchCostInput In;
  In.Blocks = *Threads / O.BlockSize;
  In.SmCount = static_cast<unsigned>(G.SmCount->Value);
  In.ActiveBlocksPerSm = O.ActiveBlocksPerSm;
  In.ClockHz = G.BoostClockHz->Value;
  In.Costs = A.Launch;
  LaunchCostEstimate E = estimateLaunchCost(In);
  V->Launch = E;
  // Costs carried over from another GPU's measurement are said to be.
  if (llvm::StringRef(A.Launch.Source).starts_with("assumption"))
    K.Assumptions.push_back(
        "launch costs on " + G.Name + " (" + A.computeCapability() +
        ") are the H200's measurement, not this GPU's: the floor every "
        "launch takes and the cycles per block handed out "
        "(data/architectures.json)");
  for (RooflineResult *R : {&V->Low, &V->High}) {
    R->LaunchKnown = true;
    R->DispatchTime = E.DispatchTime;
    R->LaunchFloor = E.Floor;
  }
}

class LaunchCostStage : public LaunchStage {
public:
  const char *name() const override { return "launch-cost"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    forEachComputedOccupancy(
        C, R,
        [&](const OccupancyOnGpu &Occ, const ArchitectureLimits &A,
            const ArchitectureTable &) { addLaunchCost(R, Occ, A); });
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeLaunchCostStage() {
  return std::make_unique<LaunchCostStage>();
}

} // namespace rla
