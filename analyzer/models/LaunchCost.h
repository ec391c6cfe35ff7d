//===- LaunchCost.h - What a launch costs beyond its work -------*- C++ -*-===//
///
/// \file
/// Measured on the H200 (scripts/device/launch_floor.sh): an empty kernel
/// takes about 1.5 us however few its blocks, and a grid of many blocks
/// takes about 157 SM cycles per block per SM however little each does
/// (65,536 empty blocks: 41 us). A one-warp chain of N dependent FFMAs takes
/// the floor plus the chain, so the floor adds to the work, while handing
/// out blocks overlaps it: a limiter beside compute and memory, which wins
/// for grids of many small blocks (one element per thread).
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LAUNCHCOST_H
#define RLA_MODELS_LAUNCHCOST_H

#include "analyzer/hw/ArchitectureLimits.h"

namespace rla {

struct LaunchCostInput {
  double Blocks = 0;
  unsigned SmCount = 0;
  /// Blocks of this launch that fit an SM at once (occupancy).
  unsigned ActiveBlocksPerSm = 0;
  double ClockHz = 0;
  LaunchCosts Costs;
};

struct LaunchCostEstimate {
  double Blocks = 0;
  double BlocksPerSm = 0;    ///< the busiest SM's, whole blocks
  double CyclesPerBlock = 0; ///< the scheduler's, or a block's shortest life
  double DispatchTime = 0;   ///< s to hand every block to its SM
  double Floor = 0;          ///< s every launch takes beyond its work
};

/// Unset inputs (no SMs, no clock, unknown costs) give an estimate of 0 s.
LaunchCostEstimate estimateLaunchCost(const LaunchCostInput &In);

} // namespace rla

#endif // RLA_MODELS_LAUNCHCOST_H
