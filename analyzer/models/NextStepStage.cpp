//===- NextStepStage.cpp - The change that saves the most, per GPU --------===//
///
/// \file
/// Runs once every term and the verdict are known: re-prices the launch
/// with each improvable access fixed (priceSiteFixes), and a latency-bound
/// launch with the warps its occupancy limiter holds back, then keeps the
/// change that saves the most on each GPU (NextStep.h). The renderers only
/// word what this stage wrote.
//===----------------------------------------------------------------------===//
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/NextStep.h"

#include <cmath>

namespace rla {
namespace {

constexpr unsigned WarpSize = 32;

/// Warps the launch has: blocks x warps per block; 0 when not bound.
double launchWarps(const LaunchSpec &L) {
  double Blocks = 1, Threads = 1;
  for (unsigned D = 0; D < 3; ++D) {
    if (!L.Grid[D] || !L.Block[D])
      return 0;
    Blocks *= L.Grid[D]->toDouble();
    Threads *= L.Block[D]->toDouble();
  }
  return Blocks * std::ceil(Threads / WarpSize);
}

const OccupancyResult *occupancyOn(const KernelReport &K, const GpuSpec *G) {
  for (const OccupancyOnGpu &O : K.Occupancies)
    if (O.Gpu == G && O.Result)
      return &*O.Result;
  return nullptr;
}

class NextStepStage : public LaunchStage {
public:
  const char *name() const override { return "next-step"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    for (size_t I = 0; I < R.Verdicts.size(); ++I) {
      GpuVerdict &V = R.Verdicts[I];
      if (I < C.MemoryByGpu.size() && I < C.HighInputs.size())
        V.Fixes = priceSiteFixes(C.Model, C.Values, *V.Gpu, C.MemoryByGpu[I],
                                 C.HighInputs[I]);
      for (SiteFix &F : V.Fixes)
        F.After = fixedLimiter(V.High, F.Fixed);
      std::optional<OccupancyLift> Lift;
      std::optional<double> Lifted;
      if (V.High.Verdict == Level::Latency)
        if (const OccupancyResult *O = occupancyOn(R, V.Gpu)) {
          Lift = occupancyLift(*O, WarpSize);
          if (Lift && V.Gpu->SmCount)
            if (std::optional<Limiter> L =
                    limiterWithWarps(V.High, *Lift, V.Gpu->SmCount->Value,
                                     launchWarps(R.Launch)))
              Lifted = L->Seconds;
        }
      V.Next = chooseNextStep(V.High, V.Fixes, Lifted, Lift);
    }
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeNextStepStage() {
  return std::make_unique<NextStepStage>();
}

} // namespace rla
