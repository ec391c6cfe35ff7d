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
  return "this launch cannot run on " + V.str("gpu") + ": " + V.joinedParts();
}

std::string occupancyInputRejected(const NoteValues &) {
  return "the occupancy calculator rejected the input";
}

std::string occupancyDeviceUnknown(const NoteValues &) {
  return "the occupancy calculator does not know this compute capability";
}

std::string occupancyCalculatorFailed(const NoteValues &) {
  return "the occupancy calculator failed";
}

std::string blockSizeZero(const NoteValues &) { return "block size is 0"; }

std::string blockTooLarge(const NoteValues &V) {
  return V.whole("block") + "-thread blocks exceed the " +
         (V.flag("launch_bounds") ? "kernel's __launch_bounds__ "
                                  : "per-block ") +
         "limit of " + V.whole("max") + " threads";
}

std::string tooManyRegisters(const NoteValues &V) {
  return V.whole("registers") + " registers per thread exceed the limit of " +
         V.whole("max");
}

std::string tooMuchSharedMemory(const NoteValues &V) {
  return V.whole("bytes") +
         " bytes of shared memory per block exceed the limit of " +
         V.whole("max") + " (sm_" + V.whole("major") + V.whole("minor") +
         ", with opt-in)";
}

std::string noBlockSizeRuns(const NoteValues &) {
  return "no block size can run with these resources";
}

} // namespace notewording
} // namespace rla
