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
    for (const char *Key :
         {"flops", "sfu_ops", "global_load_bytes", "global_store_bytes",
          "shared_load_bytes", "shared_store_bytes", "atomic_ops"})
      if (BoundValue V = R.Totals->get(Key))
        Work += V->High;
    if (Work > 0)
      return;
    R.Findings.push_back(Finding{
        "rl-no-work", Severity::Warning,
        "kernel '" + C.Model.Name +
            "' counts no FLOPs and no memory traffic for this launch: its "
            "body as compiled" +
            (C.Model.Archs.empty() ? std::string()
                                   : " for " + C.Model.Archs.front()) +
            " does nothing the model counts",
        C.Model.Location});
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeNoWorkStage() {
  return std::make_unique<NoWorkStage>();
}

} // namespace rla
