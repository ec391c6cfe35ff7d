//===- NoWorkStage.cpp - A bound launch that counts nothing ---------------===//
///
/// \file
/// A launch whose totals are all zero is never reported as if it were fine:
/// its body, as compiled, does nothing the model counts.
//===----------------------------------------------------------------------===//
#include "analyzer/models/LaunchStage.h"

namespace rla {
namespace {

class NoWorkStage : public LaunchStage {
public:
  const char *name() const override { return "no-work"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    if (!R.Totals)
      return;
    double Work = 0;
    for (Metric Q : {Metric::Flops, Metric::SfuOps, Metric::GlobalLoadBytes,
                     Metric::GlobalStoreBytes, Metric::SharedLoadBytes,
                     Metric::SharedStoreBytes, Metric::AtomicOps})
      if (BoundValue V = R.Totals->get(Q))
        Work += V->High;
      else
        return; // a count not known is not a count of zero
    if (Work > 0)
      return;
    FindingData Data = {{"kernel", C.Model.Name}};
    if (!C.Model.Archs.empty())
      Data["arch"] = C.Model.Archs.front();
    R.Findings.push_back(dataFinding("rl-no-work", Severity::Warning,
                                     C.Model.Location, std::move(Data)));
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeNoWorkStage() {
  return std::make_unique<NoWorkStage>();
}

} // namespace rla
