//===- MissingTermStage.cpp - A cache level with no bandwidth, bounded ----===//
///
/// \file
/// A level the launch moves bytes through but the GPU database has no
/// bandwidth for (the L2 of most GeForce GPUs) is not timed, so the verdict
/// may name another level. Every byte that reaches DRAM passes through L2,
/// and every byte that reaches L2 through L1, so a cache is at least as
/// fast as the level below it: the slower level's bandwidth bounds the
/// missing time from above. Where that bound exceeds the launch's longest
/// known term, the missing level could decide the launch: the finding says
/// so where the verdict is, with the range of the predicted time.
//===----------------------------------------------------------------------===//
#include "analyzer/models/LaunchStage.h"

namespace rla {
namespace {

class MissingTermStage : public LaunchStage {
public:
  const char *name() const override { return "missing-term"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    for (size_t I = 0; I < R.Verdicts.size() && I < C.HighInputs.size(); ++I) {
      const GpuVerdict &V = R.Verdicts[I];
      const RooflineResult &H = V.High;
      const RooflineInput &In = C.HighInputs[I];
      if (!V.Gpu || !H.Verdict || H.PredictedTime <= 0)
        continue;
      double Floor = H.LaunchKnown ? H.LaunchFloor : 0;
      double Longest = H.PredictedTime - Floor;
      // L2: no slower than DRAM's datasheet bandwidth.
      if (!H.L2Known && In.L2Bytes > 0 && H.Bandwidth > 0)
        report(C, R, V, "l2", "dram", In.L2Bytes, H.Bandwidth, Longest,
               Floor);
      // L1: no slower than the L2 where it is known, else DRAM.
      double Below = H.L2Known ? H.L2Bandwidth : H.Bandwidth;
      if (!H.L1Known && In.L1Bytes > 0 && Below > 0)
        report(C, R, V, "l1", H.L2Known ? "l2" : "dram", In.L1Bytes, Below,
               Longest, Floor);
    }
  }

private:
  static void report(LaunchContext &C, KernelReport &R, const GpuVerdict &V,
                     const char *Level, const char *Below, double Bytes,
                     double BelowBandwidth, double Longest, double Floor) {
    double UpTo = Bytes / BelowBandwidth;
    if (UpTo <= Longest)
      return; // even at its slowest the level would not bound the launch
    R.Findings.push_back(dataFinding(
        "rl-missing-term", Severity::Note, C.where(),
        {{"kernel", C.Model.Name},
         {"gpu", V.Gpu->Name},
         {"level", std::string(Level)},
         {"below", std::string(Below)},
         {"bytes", Bytes},
         {"below_bandwidth", BelowBandwidth},
         {"predicted_s", V.High.PredictedTime},
         {"up_to_s", UpTo + Floor}}));
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeMissingTermStage() {
  return std::make_unique<MissingTermStage>();
}

} // namespace rla
