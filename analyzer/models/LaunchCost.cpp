//===- LaunchCost.cpp -----------------------------------------------------===//
#include "analyzer/models/LaunchCost.h"

#include <algorithm>
#include <cmath>

namespace rla {

LaunchCostEstimate estimateLaunchCost(const LaunchCostInput &In) {
  LaunchCostEstimate E;
  E.Blocks = In.Blocks;
  if (!In.Costs.known() || In.SmCount == 0 || In.ClockHz <= 0 || In.Blocks <= 0)
    return E;
  E.Floor = In.Costs.FloorSeconds;
  E.BlocksPerSm = std::ceil(In.Blocks / In.SmCount);
  // When few blocks fit an SM, a new one waits for one to retire.
  double Lifetime = In.ActiveBlocksPerSm > 0
                        ? In.Costs.BlockLifetimeCycles / In.ActiveBlocksPerSm
                        : 0;
  E.CyclesPerBlock = std::max(In.Costs.BlockCycles, Lifetime);
  E.DispatchTime = E.BlocksPerSm * E.CyclesPerBlock / In.ClockHz;
  return E;
}

} // namespace rla
