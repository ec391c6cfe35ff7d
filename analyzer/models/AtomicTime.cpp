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
  return std::max(Updates * *Gpu.atomicInterval(1e300),
                  Updates / Addresses * *Gpu.atomicInterval(1));
}

} // namespace rla
