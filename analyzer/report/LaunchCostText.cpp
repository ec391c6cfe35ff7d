//===- LaunchCostText.cpp -------------------------------------------------===//
#include "analyzer/report/LaunchCostText.h"
#include "analyzer/support/HumanUnits.h"

namespace rla {

std::string launchCostText(const GpuVerdict &V) {
  if (!V.Launch || V.Launch->Floor <= 0)
    return "";
  const LaunchCostEstimate &E = *V.Launch;
  return formatGrouped(E.Blocks) + " blocks handed out in " +
         formatDuration(E.DispatchTime) + " (" + formatGrouped(E.BlocksPerSm) +
         " per SM at " + formatSignificant(E.CyclesPerBlock) +
         " cycles each), plus " + formatDuration(E.Floor) +
         " every launch takes";
}

} // namespace rla
