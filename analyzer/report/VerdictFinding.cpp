//===- VerdictFinding.cpp -------------------------------------------------===//
#include "analyzer/report/VerdictFinding.h"

namespace rla {

std::optional<Finding> verdictFinding(const KernelReport &K) {
  if (!K.Totals || K.Verdicts.empty() || !K.Verdicts.front().Gpu)
    return std::nullopt;
  const GpuVerdict &V = K.Verdicts.front();
  if (V.High.Verdict == Bound::Unknown)
    return std::nullopt;
  bool Memory = V.High.Verdict != Bound::Compute;
  std::string Name = K.Model.Name;
  if (!K.Launch.CaseName.empty())
    Name += " [" + K.Launch.CaseName + "]";
  Finding F;
  F.Id = Memory ? "rl-memory-bound" : "rl-compute-bound";
  F.Level = Severity::Remark;
  const char *Level = V.High.Verdict == Bound::L2        ? "L2"
                      : V.High.Verdict == Bound::L1      ? "L1"
                      : V.High.Verdict == Bound::Latency ? "latency"
                      : V.High.Verdict == Bound::Atomics ? "atomics"
                      : V.High.Verdict == Bound::Launch  ? "launch"
                      : Memory                           ? "memory"
                                                         : "compute";
  F.Message = Name + " is " + Level + "-bound on " + V.Gpu->Name;
  F.Loc = K.Model.Location.valid() ? K.Model.Location : K.Launch.Site;
  return F;
}

} // namespace rla
