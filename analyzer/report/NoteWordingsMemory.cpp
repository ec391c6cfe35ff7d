//===- NoteWordingsMemory.cpp - The memory model's notes ------------------===//
#include "analyzer/models/ByteText.h"
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

static std::string quoted(const std::string &S) { return "'" + S + "'"; }

std::string memoryDram(const NoteValues &V) {
  const std::string Gpu = V.str("gpu");
  const double Footprint = V.num("footprint");
  const double SectorFootprint = V.num("sector_footprint");
  const double L2 = V.num("l2");
  const double Fetch = V.num("fetch");
  const double LaunchDram = V.num("launch_dram");
  const bool Fits = V.flag("fits");
  return "DRAM bytes: footprint " + bytesText(Footprint) +
         (SectorFootprint > 1.01 * Footprint
              ? " (" + bytesText(SectorFootprint) + " of whole sectors)"
              : std::string()) +
         (L2 > 0 ? (Fits ? " fits in " : " exceeds ") + Gpu + "'s L2 (" +
                       bytesText(L2) + ")"
                 : " (no L2 size for " + Gpu + ")") +
         (Fetch > 32 ? "; an L2 miss brings " + fixedText(Fetch, 0) +
                           " bytes from DRAM (" + Gpu +
                           "), so a read that takes one sector of each such "
                           "unit moves both"
                     : std::string()) +
         (LaunchDram > 0
              ? "; the launch also reads " + bytesText(LaunchDram) +
                    " of its own code and constants (" + Gpu +
                    "'s launch_dram" +
                    (V.num("code") > 0
                         ? " with the kernel's " + bytesText(V.num("code")) +
                               " of machine code"
                         : std::string()) +
                    "), which a profiler counts and the DRAM bytes leave out"
              : std::string()) +
         "; writes count once (" + bytesText(V.num("deferred_writes")) +
         " of them stay dirty in L2 when the kernel ends and reach DRAM "
         "after it: " +
         (Fits ? "all of them" : "30% of the L2") + "); " +
         (V.parts().empty() ? std::string("no global reads") : V.joinedParts());
}

/// "'a' RULE: 1.0 MB read", and the buffer that capped it.
static std::string arrayRead(const NoteValues &V, const std::string &Rule) {
  return quoted(V.str("array")) + " " + Rule + ": " + bytesText(V.num("read")) +
         " read" +
         (V.has("buffer") ? " (no more than the " + bytesText(V.num("buffer")) +
                                " buffer the program allocated for it)"
                          : std::string());
}

std::string arrayInL2FromBefore(const NoteValues &V) {
  return arrayRead(V, "in L2 from the launch before (warm cache; the "
                      "launch's data fits in L2)");
}

std::string arrayReadOnce(const NoteValues &V) {
  return arrayRead(V, "read once (the launch's data fits in L2)");
}

std::string arrayStreamed(const NoteValues &V) {
  return arrayRead(V, "streamed: each sector read once");
}

std::string arrayRereadBeyondL2(const NoteValues &V) {
  return arrayRead(V, "re-read, data exceeds L2: re-use among " +
                          fixedText(V.num("window_blocks"), 0) +
                          " consecutive blocks (whose data, " +
                          bytesText(V.num("window_bytes")) +
                          ", fits in L2) hits it, farther re-use does not");
}

std::string arrayInHostMemory(const NoteValues &V) {
  return quoted(V.str("array")) +
         " is page-locked host memory (zero-copy): its " +
         bytesText(V.num("read")) + " read and " + bytesText(V.num("written")) +
         " written cross the host link, not DRAM";
}

std::string arrayMergeReads(const NoteValues &V) {
  const double Bytes = V.num("merge_bytes");
  return quoted(V.str("array")) +
         " leaves sectors partly written: " + bytesText(Bytes) +
         " read back from DRAM to merge them (at least " +
         fixedText(Bytes / 32, 0) +
         " sectors; the rest of each is not written)";
}

std::string memorySectors(const NoteValues &V) {
  return "sectors: arrays start on a 256-byte boundary; every lane of a warp "
         "that passes the thread-index guards is active; L2 bytes: each block "
         "fetches the data it reads once (its re-reads hit L1" +
         std::string(V.flag("l1_known")
                         ? ""
                         : "; " + V.str("gpu") +
                               " has no L1 size, so every re-read is taken "
                               "to hit") +
         "); stores and atomics reach L2 as issued";
}

std::string memoryL1Share(const NoteValues &V) {
  const double Resident = V.num("resident_blocks");
  return "L1: " + bytesText(V.num("l1_shared")) + " per SM on " + V.str("gpu") +
         " less " +
         (V.flag("carveout_from_table")
              ? "the shared-memory carveout (" + bytesText(V.num("carveout")) +
                    ": the driver's for as many blocks of " +
                    bytesText(V.num("shared_per_block")) +
                    " as the SM can hold)"
              : "shared memory (" + bytesText(V.num("shared_per_block")) +
                    " per block)") +
         ", shared by " + V.whole("resident_blocks") + " resident block" +
         (Resident == 1 ? "" : "s") +
         " (the launch's blocks per SM, within the SM's thread limit; "
         "registers may allow fewer): " +
         bytesText(V.num("per_block")) + " per block; " + V.joinedParts();
}

std::string loadMissesL1(const NoteValues &V) {
  return quoted(V.str("array")) + " at line " + V.whole("line") +
         " is read again each iteration of loop " + quoted(V.str("loop")) +
         ", with up to " + bytesText(V.num("working_set")) +
         " of one block's data in between: " +
         fixedText(100 * V.num("miss_share"), 0) +
         "% of its reads miss L1 and go to L2";
}

std::string scatteredStoresL2(const NoteValues &V) {
  return "L2: " + fixedText(V.num("requests"), 0) +
         " store requests spread over more than 4 lines take " +
         fixedText(V.num("per_sector") * 1e12, 2) + " ps per sector and " +
         fixedText(V.num("per_line") * 1e12, 2) + " ps per 128-byte line on " +
         V.str("gpu") + " (" + V.str("source") + ")";
}

std::string unboundAddresses(const NoteValues &) {
  return "accesses whose address the model cannot bound count their "
         "requested bytes as sector traffic";
}

std::string shiftedByBlockData(const NoteValues &) {
  return "accesses at a start the block reads from memory (`src[start + "
         "threadIdx.x]` with a __shared__ start) move their lanes' sectors "
         "and one more per request for the unknown alignment; their "
         "footprint is not known";
}

std::string atomicCursorSlots(const NoteValues &) {
  return "stores at slots an atomic counter hands out (`out[atomicAdd(&n, "
         "1)]`, stream compaction) fill consecutive slots in lane order: "
         "each request moves its lanes' sectors and one more for the "
         "unknown start; their footprint is not known";
}

std::string blockSwizzleShift(const NoteValues &) {
  return "accesses at a tile the block chose by a value the model does not "
         "have (a block swizzle such as `bx = (blockIdx.x + blockIdx.y) % "
         "gridDim.x` under a uniform `if`) keep their lanes' sectors, one "
         "more per request unless the tile starts on a sector; their "
         "footprint is not known";
}

std::string gatheredAccesses(const NoteValues &V) {
  const double Fetch = V.num("fetch");
  return "accesses whose address depends on data (a gather or scatter "
         "through an index array) are taken as scattered: each lane moves "
         "its own 32-byte sectors, each read from DRAM once" +
         (Fetch > 32 ? " as a whole " + fixedText(Fetch, 0) + "-byte fetch unit"
                     : std::string()) +
         "; sorted or clustered indices move less";
}

std::string warmDataEvicted(const NoteValues &) {
  return "warm cache: the data exceeds the L2, so what the launch before "
         "left there is evicted before this launch reads it again; reads are "
         "counted as from a cold cache";
}

} // namespace notewording
} // namespace rla
