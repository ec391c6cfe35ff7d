//===- LatencyHiding.cpp --------------------------------------------------===//
#include "analyzer/models/LatencyHiding.h"

#include <algorithm>
#include <cmath>

namespace rla {

LatencyHidingResult evaluateLatencyHiding(const LatencyHidingInput &In) {
  LatencyHidingResult R;
  if (In.DramBandwidth <= 0 || In.SmCount == 0 || In.LatencySeconds <= 0 ||
      In.LoadsPerThread <= 0 || In.LoadBytesPerThread <= 0)
    return R;
  R.NeededBytesPerSm = In.DramBandwidth / In.SmCount * In.LatencySeconds;
  double BytesPerLoad = In.LoadBytesPerThread / In.LoadsPerThread;
  double Outstanding =
      std::min(In.LoadsPerThread, MaxIndependentLoadsPerThread);
  R.InFlightBytesPerWarp = Outstanding * BytesPerLoad * In.WarpSize;
  R.SuppliedBytesPerSm = R.InFlightBytesPerWarp * In.ActiveWarpsPerSm;
  R.WarpsNeeded = static_cast<unsigned>(
      std::ceil(R.NeededBytesPerSm / R.InFlightBytesPerWarp));
  // Only a shortfall that more resident warps can close is an occupancy
  // problem; at the SM's maximum the remedy is more loads per thread.
  R.OccupancyLimited = R.SuppliedBytesPerSm < R.NeededBytesPerSm &&
                       In.ActiveWarpsPerSm < In.MaxWarpsPerSm;
  return R;
}

} // namespace rla
