//===- VerdictFinding.cpp -------------------------------------------------===//
#include "analyzer/report/VerdictFinding.h"

namespace rla {

std::optional<Finding> verdictFinding(const KernelReport &K) {
  if (!K.Totals || K.Verdicts.empty() || !K.Verdicts.front().Gpu)
    return std::nullopt;
  const GpuVerdict &V = K.Verdicts.front();
  if (V.High.Verdict == std::nullopt)
    return std::nullopt;
  bool Memory = V.High.Verdict != Level::Compute;
  std::string Name = K.Model.Name;
  if (!K.Launch.CaseName.empty())
    Name += " [" + K.Launch.CaseName + "]";
  Finding F;
  F.Id = Memory ? "rl-memory-bound" : "rl-compute-bound";
  F.Level = Severity::Remark;
  const char *Level = V.High.Verdict == Level::L2        ? "L2"
                      : V.High.Verdict == Level::L1      ? "L1"
                      : V.High.Verdict == Level::Latency ? "latency"
                      : V.High.Verdict == Level::Atomics ? "atomics"
                      : V.High.Verdict == Level::Launch  ? "launch"
                      : Memory                           ? "memory"
                                                         : "compute";
  F.Message = Name + " is " + Level + "-bound on " + V.Gpu->Name;
  F.Loc = K.Model.Location.valid() ? K.Model.Location : K.Launch.Site;
  return F;
}

} // namespace rla
