//===- LatencyBound.cpp ---------------------------------------------------===//
#include "analyzer/models/LatencyBound.h"
#include "analyzer/models/LatencyHiding.h"

#include <algorithm>

namespace rla {

LatencyBoundResult evaluateLatencyBound(const LatencyBoundInput &In) {
  LatencyBoundResult R;
  if (In.SmCount == 0 || In.ActiveWarpsPerSm == 0 || In.WarpSize == 0 ||
      In.AccessesPerThread <= 0 || In.AccessBytesPerThread <= 0 ||
      In.LatencySeconds <= 0)
    return R;
  double BytesPerAccess = In.AccessBytesPerThread / In.AccessesPerThread *
                          std::max(1.0, In.DramBytesPerLoadByte);
  double Cap =
      std::max(MaxIndependentLoadsPerThread, In.CompiledLoadsInFlight);
  double Outstanding = In.CapAccesses ? std::min(In.AccessesPerThread, Cap)
                                      : In.AccessesPerThread;
  R.InFlightBytesPerThread = Outstanding * BytesPerAccess;
  R.ConcurrentWarps = double(In.SmCount) * In.ActiveWarpsPerSm;
  // A grid smaller than one wave keeps only its own warps busy.
  if (In.LaunchWarps > 0)
    R.ConcurrentWarps = std::min(R.ConcurrentWarps, In.LaunchWarps);
  double InFlight = R.ConcurrentWarps * In.WarpSize * R.InFlightBytesPerThread;
  R.LatencySeconds = In.LatencySeconds;
  if (In.UnloadedLatencySeconds > 0 && In.LatencySecondsPerSector > 0)
    R.LatencySeconds = std::min(In.LatencySeconds,
                                In.UnloadedLatencySeconds +
                                    In.LatencySecondsPerSector * InFlight / 32);
  R.Bandwidth = InFlight / R.LatencySeconds;
  R.Known = R.Bandwidth > 0;
  return R;
}

double latencyDramBytes(double DramBytes, double AccessBytes,
                        double AllAccessBytes) {
  if (AllAccessBytes <= 0 || AccessBytes >= AllAccessBytes)
    return DramBytes;
  return DramBytes * std::max(0.0, AccessBytes) / AllAccessBytes;
}

void applyLatencyBound(RooflineResult &R, const LatencyBoundResult &L,
                       std::optional<double> DramBytes) {
  if (!L.Known)
    return;
  R.LatencyKnown = true;
  R.LatencyBandwidth = L.Bandwidth;
  R.LatencySeconds = L.LatencySeconds;
  R.InFlightBytesPerThread = L.InFlightBytesPerThread;
  R.ConcurrentWarps = L.ConcurrentWarps;
  double Bytes = DramBytes ? *DramBytes : R.DramBytes;
  R.LatencyTime = Bytes > 0 ? Bytes / L.Bandwidth : 0;
}

} // namespace rla
