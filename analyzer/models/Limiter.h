//===- Limiter.h - What bounds a launch, chosen once ------------*- C++ -*-===//
///
/// \file
/// A launch's time is the longest of its terms: the compute side (FLOPs and
/// the issue of its instructions), each memory level (DRAM, L2, L1), the
/// latency of its loads (Little's law) and its warps, its atomics, and the
/// block scheduler handing out its blocks; plus the floor every launch
/// takes. The terms are one array indexed by Level, and chooseLimiter is the
/// one rule that picks the level that bounds the launch: the verdict, the
/// what-if precision, the next step's savings, the occupancy lift and the
/// crossover solver all call it, on the launch's terms or on changed ones.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LIMITER_H
#define RLA_MODELS_LIMITER_H

#include <array>
#include <optional>

namespace rla {

/// The levels of one launch's roofline, in the order the report shows them.
enum class Level { Compute, Dram, L2, L1, Latency, Atomics, Launch };
constexpr unsigned NumLevels = 7;
/// "compute", "dram", "l2", "l1", "latency", "atomics", "launch".
const char *levelName(Level L);
/// levelName, or "unknown" for a launch without a verdict.
const char *verdictName(std::optional<Level> V);
/// Whether the limiter is on the memory side of the roofline (every level
/// but compute).
bool isMemorySide(std::optional<Level> V);

/// The seconds each level needs on its own (unset: the level has no term),
/// and the fixed floor every launch takes.
struct LimiterTerms {
  std::array<std::optional<double>, NumLevels> Seconds;
  double Floor = 0;
  /// False when a side of the roofline is missing (no peak for the FLOPs'
  /// precision, no DRAM bandwidth) or no term takes any time (nothing
  /// counted and no launch costs): then no level is named.
  bool Decidable = true;

  std::optional<double> &operator[](Level L) {
    return Seconds[static_cast<unsigned>(L)];
  }
  const std::optional<double> &operator[](Level L) const {
    return Seconds[static_cast<unsigned>(L)];
  }
};

/// The order ties go in: a launch whose DRAM and compute times are equal
/// is reported at the DRAM roof, a cache level only when it takes longer.
constexpr std::array<Level, NumLevels> TieOrder = {
    Level::Dram,    Level::Compute, Level::L2,    Level::L1,
    Level::Latency, Level::Atomics, Level::Launch};

/// The level that bounds a launch and its predicted time.
struct Limiter {
  std::optional<Level> At; ///< unset: undecidable
  /// The limiter's seconds plus the floor; undecidable: the longest of the
  /// compute and memory levels' seconds (no floor).
  double Seconds = 0;
};

/// The one rule: the level with the longest time, ties in TieOrder (a later
/// level must take strictly longer).
Limiter chooseLimiter(const LimiterTerms &T);

} // namespace rla

#endif // RLA_MODELS_LIMITER_H
