//===- LatencyBound.h - Little's law as a ceiling on DRAM time --*- C++ -*-===//
///
/// \file
/// The DRAM roofline assumes the warps keep the memory system busy. They
/// can only keep in flight what their independent accesses allow, so the
/// bandwidth they sustain is (Little's law)
///
///   concurrent warps x warp size x in-flight bytes per thread / latency
///
/// and DRAM bytes over that bandwidth is a second lower bound on the time.
/// In-flight bytes per thread: the global loads and stores one thread
/// issues, at most MaxIndependentLoadsPerThread of them (at their average
/// size) at the high end of the time; all of them at the low end, since how
/// many a loop exposes at once is the compiler's choice (both ends agree for
/// a thread of at most that many accesses). Concurrent warps: the SMs' resident
/// warps, or the whole grid when it is smaller.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LATENCYBOUND_H
#define RLA_MODELS_LATENCYBOUND_H

#include <optional>

#include "analyzer/models/Roofline.h"

namespace rla {

struct LatencyBoundInput {
  unsigned SmCount = 0;
  unsigned ActiveWarpsPerSm = 0; ///< from the occupancy model
  double LaunchWarps = 0;        ///< warps of the whole grid (0: unknown)
  unsigned WarpSize = 32;
  double AccessesPerThread = 0;    ///< global loads + stores of one thread
  double AccessBytesPerThread = 0; ///< their bytes
  double LatencySeconds = 0;       ///< loaded DRAM latency
  /// True: at most MaxIndependentLoadsPerThread accesses in flight (what
  /// unrolling by 4 exposes; the high end of the time). False: all of them
  /// at once (the most a thread can have outstanding; the low end).
  bool CapAccesses = true;
  /// Loads the compiled code keeps in flight per thread (InstructionMix),
  /// 0 when unknown: an unrolled loop that issues more than the assumed
  /// MaxIndependentLoadsPerThread raises the cap to what it issues.
  double CompiledLoadsInFlight = 0;
  /// DRAM bytes per requested byte of the loads, when above 1: a scattered
  /// lane's load brings a whole 32-byte sector from DRAM, and the sectors
  /// are what waits in the DRAM queue.
  double DramBytesPerLoadByte = 1;
  /// The unloaded DRAM latency and how it grows with the 32-byte sectors in
  /// flight GPU-wide (seconds per sector), 0 when unknown: few warps see
  /// less queueing than LatencySeconds, the latency under full load.
  double UnloadedLatencySeconds = 0, LatencySecondsPerSector = 0;
};

struct LatencyBoundResult {
  bool Known = false; ///< false: an input is missing or zero
  double InFlightBytesPerThread = 0;
  double ConcurrentWarps = 0;
  double Bandwidth = 0;      ///< bytes/s
  double LatencySeconds = 0; ///< the latency at these sectors in flight
};

/// Unknown (Known false) when any input is missing: nothing is invented.
LatencyBoundResult evaluateLatencyBound(const LatencyBoundInput &In);

/// Adds L's term to R: LatencyTime = R.DramBytes / bandwidth. decideVerdict
/// then weighs it with the others (Level::Latency when it is the largest of
/// a decided verdict); the compute, DRAM, L2 and L1 times stay as they are.
/// DramBytes: the bytes the term moves, when not R.DramBytes.
void applyLatencyBound(RooflineResult &R, const LatencyBoundResult &L,
                       std::optional<double> DramBytes = std::nullopt);

/// The DRAM bytes that go with the low end of a range of accesses: the
/// memory model's DRAM bytes follow every access of the launch
/// (AllAccessBytes, the high end), so with fewer accesses (AccessBytes,
/// guards that may cut them) proportionally fewer of them move. Pairing
/// all the bytes with the fewest bytes in flight would make the range's
/// low end the slowest (a guarded reduction: 52.8 us .. 27.1 ms).
double latencyDramBytes(double DramBytes, double AccessBytes,
                        double AllAccessBytes);

} // namespace rla

#endif // RLA_MODELS_LATENCYBOUND_H
