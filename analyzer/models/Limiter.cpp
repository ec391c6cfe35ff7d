//===- Limiter.cpp --------------------------------------------------------===//
#include "analyzer/models/Limiter.h"

#include <algorithm>

namespace rla {

const char *levelName(Level L) {
  switch (L) {
  case Level::Compute:
    return "compute";
  case Level::Dram:
    return "dram";
  case Level::L2:
    return "l2";
  case Level::L1:
    return "l1";
  case Level::Latency:
    return "latency";
  case Level::Atomics:
    return "atomics";
  case Level::Launch:
    return "launch";
  }
  return "unknown";
}

const char *verdictName(std::optional<Level> V) {
  return V ? levelName(*V) : "unknown";
}

bool isMemorySide(std::optional<Level> V) { return V && *V != Level::Compute; }

Limiter chooseLimiter(const LimiterTerms &T) {
  Limiter Out;
  if (!T.Decidable) {
    for (Level L : {Level::Compute, Level::Dram, Level::L2, Level::L1})
      Out.Seconds = std::max(Out.Seconds, T[L].value_or(0));
    return Out;
  }
  for (Level L : TieOrder) {
    const std::optional<double> &S = T[L];
    if (S && (!Out.At || *S > Out.Seconds)) {
      Out.At = L;
      Out.Seconds = *S;
    }
  }
  Out.Seconds += T.Floor;
  return Out;
}

} // namespace rla
