//===- VerdictStage.cpp - What bounds the launch, decided once ------------===//
///
/// \file
/// Every term is known by now (compute, DRAM, L2, L1 and, with occupancy,
/// latency): the predicted time is the largest and the verdict its level
/// (decideVerdict, Roofline.h), on each GPU at both ends of the ranges.
//===----------------------------------------------------------------------===//
#include "analyzer/models/LaunchStage.h"

namespace rla {
namespace {

class VerdictStage : public LaunchStage {
public:
  const char *name() const override { return "verdict"; }
  void run(LaunchContext &, KernelReport &R) const override {
    for (GpuVerdict &V : R.Verdicts) {
      decideVerdict(V.Low);
      decideVerdict(V.High);
    }
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeVerdictStage() {
  return std::make_unique<VerdictStage>();
}

} // namespace rla
