//===- BoundLevel.h - The level that bounds a launch, in numbers -*- C++
//-*-===//
///
/// \file
/// A roofline verdict names a level (compute, DRAM, L2, L1, latency); the
/// report shows that level's time, the FLOP per byte at that level with the
/// ridge it is compared against, and how busy every level is while the
/// launch runs (its time over the predicted time: the share of its peak the
/// launch reaches). Plain numbers from a RooflineResult.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_BOUNDLEVEL_H
#define RLA_MODELS_BOUNDLEVEL_H

#include "analyzer/models/Roofline.h"

#include <optional>
#include <vector>

namespace rla {

/// Seconds Level needs on its own; unset when the level has no time
/// (no bandwidth for it, no bytes modelled, no latency term).
std::optional<double> levelTime(const RooflineResult &R, Level L);

/// levelTime / PredictedTime, 0..1: the share of the level's peak (FLOP/s
/// or bytes/s) the launch uses while it runs. Unset with the time.
std::optional<double> levelShare(const RooflineResult &R, Level L);

/// Every level that has a time, the longest first (ties in the verdict's
/// TieOrder): the limiters of one launch.
struct LevelTime {
  Level At = Level::Compute;
  double Seconds = 0;
};
std::vector<LevelTime> levelTimes(const RooflineResult &R);

/// How far the winning limiter is ahead: its time over the runner-up's
/// (1.0 when two tie); unset with fewer than two limiters or a runner-up
/// of no time.
std::optional<double> boundMargin(const RooflineResult &R);

/// FLOP per byte at the level the verdict names (DRAM bytes for compute,
/// DRAM and latency), and the ridge of that level: the roof's peak over the
/// level's bandwidth (the sustained bandwidth for latency). A launch whose
/// intensity is below the ridge is bound by that level rather than by
/// compute. Unset for an unknown verdict or a level without a bandwidth.
struct LevelIntensity {
  Level At = Level::Dram;
  double Intensity = 0; ///< FLOP/B (inf when the level moves no bytes)
  double Ridge = 0;     ///< FLOP/B
};
std::optional<LevelIntensity> boundIntensity(const RooflineResult &R);

} // namespace rla

#endif // RLA_MODELS_BOUNDLEVEL_H
