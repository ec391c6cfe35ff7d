//===- AtomicTime.cpp -----------------------------------------------------===//
#include "analyzer/models/AtomicTime.h"

#include <algorithm>

namespace rla {

std::optional<double> atomicSiteTime(const GpuSpec &Gpu, double Updates,
                                     double Addresses, bool LaneDistinct,
                                     bool Float) {
  std::optional<double> Interval = Gpu.atomicInterval(Addresses);
  if (!Interval || Addresses <= 0)
    return std::nullopt;
  // One address's float updates in series (scripts/device/sync_rates.cu:
  // 1.77 ns each on an H200 against 0.73 ns for int).
  double Serial =
      Float && Gpu.FloatAtomicInterval
          ? Updates / std::max(1.0, Addresses) * Gpu.FloatAtomicInterval->Value
          : 0;
  if (!LaneDistinct)
    return std::max(Updates * *Interval, Serial);
  if (std::optional<double> Measured =
          Gpu.laneDistinctAtomicInterval(Addresses))
    return Updates * *Measured;
  // The uncontended rate is the one measured on the most addresses; one
  // address's updates in series go at the single-address interval.
  double Uncontended = Gpu.AtomicIntervals.back().Interval.Value;
  return std::max({Updates * Uncontended,
                   Updates / Addresses * *Gpu.atomicInterval(1), Serial});
}

} // namespace rla
