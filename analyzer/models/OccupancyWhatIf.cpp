//===- OccupancyWhatIf.cpp ------------------------------------------------===//
#include "analyzer/models/OccupancyWhatIf.h"

#include <algorithm>

namespace rla {

namespace {

/// Why a block that computeOccupancy accepted still fits no SM, in the
/// user's terms (cudaOccMaxActiveBlocksPerMultiprocessor gives 0 blocks).
Note noBlockFits(const WhatIfQuery &Q, const OccupancyResult &R) {
  const ArchitectureLimits &A = *Q.Arch;
  std::string Arch =
      "sm_" + std::to_string(A.ComputeMajor) + std::to_string(A.ComputeMinor);
  std::vector<Note> Limits;
  for (const std::string &L : R.Limiting) {
    if (L == "registers")
      Limits.push_back(
          note(NoteId::BlockRegistersExceed,
               {{"block", double(R.BlockSize)},
                {"registers", double(R.AllocatedRegistersPerThread)},
                {"needed",
                 double(uint64_t(R.AllocatedRegistersPerThread) * R.BlockSize)},
                {"arch", Arch},
                {"available",
                 double(std::min(A.RegistersPerBlock, A.RegistersPerSm))}}));
    else if (L == "shared_memory")
      Limits.push_back(
          note(NoteId::BlockSharedMemoryExceeds,
               {{"bytes", double(R.StaticSmemBytes + R.DynamicSmemBytes)},
                {"sm_bytes", double(A.SharedMemoryPerSm)}}));
    else
      Limits.push_back(note(NoteId::BlockExceedsLimit, {{"limit", L}}));
  }
  return note(NoteId::NoBlockFits,
              {{"gpu", Q.Gpu ? Q.Gpu->Name : std::string()}, {"arch", Arch}},
              std::move(Limits));
}

} // namespace

bool answerWhatIf(const WhatIfQuery &Q, WhatIfAnswer &Out, Note &Error) {
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
    Note Ignored;
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
