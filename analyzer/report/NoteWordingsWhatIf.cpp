//===- NoteWordingsWhatIf.cpp - Why no block of a configuration fits ------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string noBlockFits(const NoteValues &V) {
  const std::string Gpu = V.str("gpu"), Arch = V.str("arch");
  const std::string Why = V.joinedParts();
  return "this configuration cannot run on " +
         (Gpu.empty() ? Arch : Gpu + " (" + Arch + ")") +
         ": no block fits on an SM" + (Why.empty() ? "" : " (" + Why + ")");
}

std::string blockRegistersExceed(const NoteValues &V) {
  return V.whole("block") + " threads x " + V.whole("registers") +
         " registers (as allocated) need " + V.whole("needed") +
         " registers per block; " + V.str("arch") + " has " +
         V.whole("available");
}

std::string blockSharedMemoryExceeds(const NoteValues &V) {
  return V.whole("bytes") +
         " bytes of shared memory per block do not fit in an SM's " +
         V.whole("sm_bytes") + " bytes";
}

std::string blockExceedsLimit(const NoteValues &V) {
  return "the block exceeds the SM's " + V.str("limit") + " limit";
}

} // namespace notewording
} // namespace rla
