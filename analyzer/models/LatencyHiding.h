//===- LatencyHiding.h - Little's law for DRAM bandwidth --------*- C++ -*-===//
///
/// \file
/// To stream at full DRAM bandwidth an SM must keep bandwidth-per-SM x
/// latency bytes in flight (Little's law). The resident warps supply what
/// their independent loads allow. When the launch is memory-bound and the
/// warps fall short, more occupancy helps; when they do not, it does not
/// (a kernel at 50% with enough loads in flight is fine).
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LATENCYHIDING_H
#define RLA_MODELS_LATENCYHIDING_H

namespace rla {

/// Loads one thread is assumed to have outstanding at once: its loads up to
/// this many (what unrolling by 4 typically exposes). An assumption, stated
/// in docs/occupancy.md.
constexpr double MaxIndependentLoadsPerThread = 4;

struct LatencyHidingInput {
  double DramBandwidth = 0; ///< bytes/s of the GPU
  unsigned SmCount = 0;
  double LatencySeconds = 0;     ///< assumed loaded DRAM latency
  double LoadsPerThread = 0;     ///< global loads one thread issues
  double LoadBytesPerThread = 0; ///< their bytes
  unsigned ActiveWarpsPerSm = 0;
  unsigned MaxWarpsPerSm = 0;
  unsigned WarpSize = 32;
};

struct LatencyHidingResult {
  double NeededBytesPerSm = 0; ///< bandwidth per SM x latency
  double InFlightBytesPerWarp = 0;
  double SuppliedBytesPerSm = 0; ///< resident warps x bytes per warp
  /// Warps needed to supply NeededBytesPerSm (may exceed MaxWarpsPerSm).
  unsigned WarpsNeeded = 0;
  /// True when the resident warps fall short and more of them would help.
  bool OccupancyLimited = false;
};

/// Nothing to say (a zero result) when there is no bandwidth, SM count or
/// load to reason about.
LatencyHidingResult evaluateLatencyHiding(const LatencyHidingInput &In);

} // namespace rla

#endif // RLA_MODELS_LATENCYHIDING_H
