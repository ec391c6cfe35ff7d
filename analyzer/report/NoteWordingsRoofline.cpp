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

std::string localMemoryTraffic(const NoteValues &V) {
  return "local memory (spills, local arrays) on " + V.str("gpu") +
         ": the "
         "compiled code's local loads and stores move " +
         formatSi(V.num("loaded"), "B") + " and " +
         formatSi(V.num("stored"), "B") + " through L1, " +
         formatSi(V.num("l2_bytes"), "B") + " of it to L2 and " +
         formatSi(V.num("dram_bytes"), "B") +
         " to DRAM, counted in each "
         "level's bytes; L1 holds " +
         fixedText(100 * V.num("l1_hits"), 0) + "%" +
         " of the frames of an SM's " + formatSi(V.num("threads_per_sm")) +
         " resident threads (" + formatSi(V.num("frame"), "B") + " each, in " +
         formatSi(V.num("l1_bytes_per_sm"), "B") +
         " of L1 beside shared memory) and L2 " +
         fixedText(100 * V.num("l2_hits"), 0) + "%" +
         " of the rest, shared with the launch's data by size";
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
