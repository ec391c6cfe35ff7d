//===- AtomicTime.cpp -----------------------------------------------------===//
#include "analyzer/models/AtomicTime.h"

#include <algorithm>

namespace rla {

std::optional<double> atomicSiteTime(const GpuSpec &Gpu, double Updates,
                                     double Addresses, bool LaneDistinct) {
  std::optional<double> Interval = Gpu.atomicInterval(Addresses);
  if (!Interval || Addresses <= 0)
    return std::nullopt;
  if (!LaneDistinct)
    return Updates * *Interval;
  if (std::optional<double> Measured =
          Gpu.laneDistinctAtomicInterval(Addresses))
    return Updates * *Measured;
  // The uncontended rate is the one measured on the most addresses; one
  // address's updates in series go at the single-address interval.
  double Uncontended = Gpu.AtomicIntervals.back().Interval.Value;
  return std::max(Updates * Uncontended,
                  Updates / Addresses * *Gpu.atomicInterval(1));
}

} // namespace rla
