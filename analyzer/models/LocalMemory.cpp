//===- LocalMemory.cpp - Spills and local arrays through the caches -------===//
#include "analyzer/models/LocalMemory.h"

#include <algorithm>

namespace rla {

namespace {

/// The share of WorkingSet that Capacity holds (1 when it all fits).
double heldShare(double Capacity, double WorkingSet) {
  if (WorkingSet <= 0)
    return 1;
  return std::clamp(Capacity / WorkingSet, 0.0, 1.0);
}

} // namespace

LocalMemoryTraffic localMemoryTraffic(const LocalMemoryInput &In) {
  LocalMemoryTraffic T;
  T.LoadBytes = std::max(0.0, In.LoadBytes);
  T.StoreBytes = std::max(0.0, In.StoreBytes);
  double FramesPerSm = In.ResidentThreadsPerSm * In.FrameBytes;
  T.L1HitShare = heldShare(In.L1BytesPerSm, FramesPerSm);
  double L1Misses = 1 - T.L1HitShare;
  T.L2Bytes = T.l1Bytes() * L1Misses;
  // The frames and the launch's data share the L2 by their sizes: the
  // frames keep L2 * Frames / (Frames + Data) of it.
  double Frames = FramesPerSm * In.Sms;
  double Data = std::clamp(In.DataBytes, 0.0, In.L2Bytes);
  T.L2HitShare = heldShare(In.L2Bytes, Frames + Data);
  double L2Misses = 1 - T.L2HitShare;
  T.DramReadBytes = T.LoadBytes * L1Misses * L2Misses;
  T.DramWriteBytes = T.StoreBytes * L1Misses * L2Misses;
  return T;
}

} // namespace rla
