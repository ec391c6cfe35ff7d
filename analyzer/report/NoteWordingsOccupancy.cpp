//===- NoteWordingsOccupancy.cpp - Why a launch's occupancy is unknown ----===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string noArchitectureLimits(const NoteValues &V) {
  return "no architecture limits: " + V.str("error");
}

std::string noLimitsForComputeCapability(const NoteValues &V) {
  return "no limits for compute capability " + V.whole("major") + "." +
         V.whole("minor") + " in architectures.json";
}

std::string noPtxasResources(const NoteValues &V) {
  return "ptxas reported no resources for '" + V.str("kernel") + "' (" +
         V.str("mangled") + ") on " + V.str("arch");
}

std::string blockSizeUnknown(const NoteValues &V) {
  return "the block size of this launch is not known; pass --launch '" +
         V.str("kernel") + ":block=...'";
}

std::string dynamicSmemUnknown(const NoteValues &) {
  return "the dynamic shared memory of this launch is not a known byte count";
}

std::string launchCannotRun(const NoteValues &V) {
  return "this launch cannot run on " + V.str("gpu") + ": " + V.str("error");
}

} // namespace notewording
} // namespace rla
