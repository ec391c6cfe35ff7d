//===- OccupancyWhatIf.cpp ------------------------------------------------===//
#include "analyzer/models/OccupancyWhatIf.h"

#include <algorithm>

namespace rla {

namespace {

/// Why a block that computeOccupancy accepted still fits no SM, in the
/// user's terms (cudaOccMaxActiveBlocksPerMultiprocessor gives 0 blocks).
std::string noBlockFits(const WhatIfQuery &Q, const OccupancyResult &R) {
  const ArchitectureLimits &A = *Q.Arch;
  std::string Arch =
      "sm_" + std::to_string(A.ComputeMajor) + std::to_string(A.ComputeMinor);
  std::string Why;
  for (const std::string &L : R.Limiting) {
    std::string Part;
    if (L == "registers") {
      uint64_t Needed = uint64_t(R.AllocatedRegistersPerThread) * R.BlockSize;
      Part = std::to_string(R.BlockSize) + " threads x " +
             std::to_string(R.AllocatedRegistersPerThread) +
             " registers (as allocated) need " + std::to_string(Needed) +
             " registers per block; " + Arch + " has " +
             std::to_string(std::min(A.RegistersPerBlock, A.RegistersPerSm));
    } else if (L == "shared_memory") {
      Part = std::to_string(R.StaticSmemBytes + R.DynamicSmemBytes) +
             " bytes of shared memory per block do not fit in an SM's " +
             std::to_string(A.SharedMemoryPerSm) + " bytes";
    } else {
      Part = "the block exceeds the SM's " + L + " limit";
    }
    Why += (Why.empty() ? "" : "; ") + Part;
  }
  return "this configuration cannot run on " +
         (Q.Gpu ? Q.Gpu->Name + " (" + Arch + ")" : Arch) +
         ": no block fits on an SM" + (Why.empty() ? "" : " (" + Why + ")");
}

} // namespace

bool answerWhatIf(const WhatIfQuery &Q, WhatIfAnswer &Out, std::string &Error) {
  const ArchitectureLimits &A = *Q.Arch;
  if (Q.BlockSize) {
    Out.Single =
        computeOccupancy(A, Q.Use, *Q.BlockSize, Q.DynamicSmemBytes, Error);
    if (!Out.Single)
      return false;
    if (Out.Single->ActiveBlocksPerSm == 0) {
      Error = noBlockFits(Q, *Out.Single);
      return false;
    }
  }
  if (!Q.Sweep)
    return true;
  unsigned MaxBlock = Q.Use.MaxThreadsPerBlock ? Q.Use.MaxThreadsPerBlock
                                               : A.MaxThreadsPerBlock;
  for (unsigned B = A.WarpSize; B <= MaxBlock; B += A.WarpSize) {
    std::string Ignored;
    if (auto R = computeOccupancy(A, Q.Use, B, Q.DynamicSmemBytes, Ignored);
        R && R->ActiveBlocksPerSm > 0)
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
