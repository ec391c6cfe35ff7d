//===- NoteWordingsRoofline.cpp - The roofline's missing data -------------===//
#include "analyzer/report/NoteWordings.h"
#include "analyzer/support/HumanUnits.h"

namespace rla {
namespace notewording {

std::string noPeak(const NoteValues &V) {
  return "no " + V.str("precision") + " or fp32 peak for " + V.str("gpu") +
         "; compute time unknown";
}

std::string textureUnitsSetL1Time(const NoteValues &V) {
  return "the L1 time is the texture units': " + formatSi(V.num("fetches")) +
         " texture fetches at " + formatSignificant(V.num("rate") / 1e9) +
         " G fetches/s on " + V.str("gpu") +
         " (4 per SM per clock), more than the L1 bytes take";
}

std::string hostLinkTime(const NoteValues &V) {
  return "zero-copy host memory: " + formatSi(V.num("read"), "B") +
         " read and " + formatSi(V.num("written"), "B") +
         " written over the host link at " + formatSi(V.num("rate"), "B/s") +
         " each way (" + V.str("gpu") + "'s datasheet rate) take " +
         formatDuration(V.num("time")) + ", part of the memory time";
}

std::string hostLinkNotTimed(const NoteValues &V) {
  return "zero-copy host memory: no host-link rate for " + V.str("gpu") +
         "; its traffic is not timed";
}

std::string fp32PeakStandsIn(const NoteValues &V) {
  return "no " + V.str("precision") + " peak for " + V.str("gpu") +
         "; used the fp32 peak as a stand-in";
}

std::string noTensorPeak(const NoteValues &V) {
  return "no " + V.str("precision") + " tensor-core peak for " + V.str("gpu") +
         "; compute time unknown";
}

std::string fp16AccumulatePeakStandsIn(const NoteValues &V) {
  return "no fp16 tensor peak with fp32 accumulate for " + V.str("gpu") +
         "; used the fp16-accumulate peak (an upper bound)";
}

std::string noAtomicRate(const NoteValues &V) {
  return "no measured atomic rate for " + V.str("gpu") +
         "; global atomics are not timed";
}

std::string noDramBandwidthForMemory(const NoteValues &V) {
  return "no DRAM bandwidth for " + V.str("gpu") + "; memory time unknown";
}

} // namespace notewording
} // namespace rla
