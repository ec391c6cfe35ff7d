//===- LaunchCostStage.cpp - Handing out blocks, and the launch floor -----===//
///
/// \file
/// With the GPU's launch costs (data/architectures.json) and the blocks
/// that fit an SM, the time to hand out every block is one more limiter of
/// the launch, and the floor every launch takes is added to its time
/// (LaunchCost.h). Every verdict gets them: without an occupancy (no nvcc,
/// a failed compile) the blocks that fit an SM come from the thread and
/// block limits, and the floor is the same.
//===----------------------------------------------------------------------===//
#include "analyzer/models/LaunchCost.h"
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/OccupancyStages.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cmath>

namespace rla {
namespace {

/// Blocks of Threads threads that the architecture's thread and block
/// limits let an SM hold: the residency without the compiled kernel's
/// registers and shared memory (an upper bound).
unsigned residentByThreads(const ArchitectureLimits &A, double Threads) {
  if (Threads <= 0 || !A.MaxThreadsPerSm || !A.WarpSize)
    return 0;
  double Rounded = std::ceil(Threads / A.WarpSize) * A.WarpSize;
  double Blocks = std::floor(A.MaxThreadsPerSm / Rounded);
  if (A.MaxBlocksPerSm)
    Blocks = std::min(Blocks, double(A.MaxBlocksPerSm));
  return static_cast<unsigned>(std::max(0.0, Blocks));
}

/// Handing out the blocks and the floor of one verdict's launch. Occ is
/// the launch's occupancy on the GPU, null when it is not known (no nvcc,
/// a compile that failed, a kernel ptxas did not report): a launch costs
/// its floor whatever its resources, and its blocks per SM are then
/// bounded by the thread and block limits alone.
void addLaunchCost(KernelReport &K, GpuVerdict &V, const OccupancyOnGpu *Occ,
                   const ArchitectureLimits &A) {
  const GpuSpec &G = *V.Gpu;
  std::optional<double> Blocks = launchBlocks(K);
  std::optional<double> Threads = launchThreads(K);
  if (!A.Launch.known() || !G.SmCount || !G.BoostClockHz || !Blocks ||
      *Blocks <= 0 || !Threads)
    return;
  LaunchCostInput In;
  In.Blocks = *Blocks;
  In.SmCount = static_cast<unsigned>(G.SmCount->Value);
  In.ActiveBlocksPerSm = Occ && Occ->Result
                             ? Occ->Result->ActiveBlocksPerSm
                             : residentByThreads(A, *Threads / *Blocks);
  In.ClockHz = G.BoostClockHz->Value;
  In.Costs = A.Launch;
  // A floor measured on this GPU replaces the architecture's: the H100 SXM's
  // empty kernel takes 2.26 us where the H200's takes 1.5 (same die).
  if (G.LaunchFloor) {
    In.Costs.FloorSeconds = G.LaunchFloor->Value;
    In.Costs.Source = G.LaunchFloor->Source;
  }
  LaunchCostEstimate E = estimateLaunchCost(In);
  V.Launch = E;
  // Costs carried over from another GPU's measurement are said to be.
  if (llvm::StringRef(In.Costs.Source).starts_with("assumption"))
    K.Assumptions.push_back(
        note(NoteId::LaunchCostsCarried,
             {{"gpu", G.Name}, {"compute_capability", A.computeCapability()}}));
  if (!(Occ && Occ->Result))
    K.Assumptions.push_back(
        note(NoteId::LaunchCostsWithoutOccupancy, {{"gpu", G.Name}},
             Occ ? std::vector<Note>{Occ->Unknown} : std::vector<Note>{}));
  for (RooflineResult *R : {&V.Low, &V.High}) {
    R->LaunchKnown = true;
    R->DispatchTime = E.DispatchTime;
    R->LaunchFloor = E.Floor;
  }
}

class LaunchCostStage : public LaunchStage {
public:
  const char *name() const override { return "launch-cost"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    if (!C.Resources || !C.Resources->options().Archs)
      return;
    const ArchitectureTable &Archs = *C.Resources->options().Archs;
    for (GpuVerdict &V : R.Verdicts) {
      const ArchitectureLimits *A =
          Archs.find(V.Gpu->ComputeMajor, V.Gpu->ComputeMinor);
      if (!A)
        continue;
      const OccupancyOnGpu *Occ = nullptr;
      for (const OccupancyOnGpu &O : R.Occupancies)
        if (O.Gpu == V.Gpu)
          Occ = &O;
      addLaunchCost(R, V, Occ, *A);
    }
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeLaunchCostStage() {
  return std::make_unique<LaunchCostStage>();
}

} // namespace rla
