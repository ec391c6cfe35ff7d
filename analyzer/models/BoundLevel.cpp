//===- BoundLevel.cpp -----------------------------------------------------===//
#include "analyzer/models/BoundLevel.h"

#include <algorithm>
#include <limits>

namespace rla {

std::optional<double> levelTime(const RooflineResult &R, Level L) {
  switch (L) {
  case Level::Compute:
    if (R.PeakFlops > 0 || R.TotalFlops <= 0)
      return R.ComputeTime;
    return std::nullopt;
  case Level::Dram:
    if (R.Bandwidth > 0)
      return R.MemoryTime;
    return std::nullopt;
  case Level::L2:
    if (R.L2Known)
      return R.L2Time;
    return std::nullopt;
  case Level::L1:
    if (R.L1Known)
      return R.L1Time;
    return std::nullopt;
  case Level::Latency:
    if (latencyKnown(R))
      return latencyTime(R);
    return std::nullopt;
  case Level::Atomics:
    if (R.AtomicKnown)
      return R.AtomicTime;
    return std::nullopt;
  case Level::Launch:
    if (R.LaunchKnown)
      return R.DispatchTime;
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<double> levelShare(const RooflineResult &R, Level L) {
  std::optional<double> T = levelTime(R, L);
  if (!T || R.PredictedTime <= 0)
    return std::nullopt;
  return *T / R.PredictedTime;
}

std::vector<LevelTime> levelTimes(const RooflineResult &R) {
  std::vector<LevelTime> Out;
  for (Level L : TieOrder)
    if (std::optional<double> T = levelTime(R, L))
      Out.push_back({L, *T});
  std::stable_sort(Out.begin(), Out.end(),
                   [](const LevelTime &A, const LevelTime &B) {
                     return A.Seconds > B.Seconds;
                   });
  return Out;
}

std::optional<double> boundMargin(const RooflineResult &R) {
  std::vector<LevelTime> T = levelTimes(R);
  if (T.size() < 2 || T[1].Seconds <= 0)
    return std::nullopt;
  return T[0].Seconds / T[1].Seconds;
}

std::optional<LevelIntensity> boundIntensity(const RooflineResult &R) {
  std::optional<Level> L = R.Verdict;
  if (!L)
    return std::nullopt;
  LevelIntensity Out;
  Out.At = *L;
  double Bandwidth = 0;
  switch (*L) {
  case Level::Compute:
  case Level::Dram:
    Out.At = Level::Dram;
    Out.Intensity = R.Intensity;
    Bandwidth = R.Bandwidth;
    break;
  case Level::L2:
    Out.Intensity = R.IntensityL2;
    Bandwidth = R.L2Bandwidth;
    break;
  case Level::L1:
    Out.Intensity = R.IntensityL1;
    Bandwidth = R.L1Bandwidth;
    break;
  case Level::Latency:
    Out.Intensity = R.Intensity;
    Bandwidth = R.LatencyBandwidth;
    break;
  case Level::Atomics:
  case Level::Launch:
    // Serialized updates and handing out blocks have no bandwidth: the
    // DRAM level's intensity.
    Out.At = Level::Dram;
    Out.Intensity = R.Intensity;
    Bandwidth = R.Bandwidth;
    break;
  }
  if (Bandwidth <= 0)
    return std::nullopt;
  Out.Ridge = R.PeakFlops / Bandwidth;
  return Out;
}

} // namespace rla
