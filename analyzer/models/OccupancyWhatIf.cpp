//===- OccupancyWhatIf.cpp ------------------------------------------------===//
#include "analyzer/models/OccupancyWhatIf.h"

namespace rla {

bool answerWhatIf(const WhatIfQuery &Q, WhatIfAnswer &Out, std::string &Error) {
  const ArchitectureLimits &A = *Q.Arch;
  if (Q.BlockSize) {
    Out.Single =
        computeOccupancy(A, Q.Use, *Q.BlockSize, Q.DynamicSmemBytes, Error);
    if (!Out.Single)
      return false;
  }
  if (!Q.Sweep)
    return true;
  unsigned MaxBlock = Q.Use.MaxThreadsPerBlock ? Q.Use.MaxThreadsPerBlock
                                               : A.MaxThreadsPerBlock;
  for (unsigned B = A.WarpSize; B <= MaxBlock; B += A.WarpSize) {
    std::string Ignored;
    if (auto R = computeOccupancy(A, Q.Use, B, Q.DynamicSmemBytes, Ignored))
      Out.Sweep.push_back(*R);
  }
  unsigned Sms = Q.Gpu && Q.Gpu->SmCount
                     ? static_cast<unsigned>(Q.Gpu->SmCount->Value)
                     : 1;
  Out.Best = bestBlockSize(A, Sms, Q.Use, Q.DynamicSmemBytes, Error);
  if (!Out.Best)
    return false;
  return true;
}

} // namespace rla
