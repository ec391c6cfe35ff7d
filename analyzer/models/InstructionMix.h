//===- InstructionMix.h - Warp instructions a launch issues -----*- C++ -*-===//
///
/// \file
/// The compiled kernel (its SASS, with the source line of each instruction)
/// and how often each source line runs under a launch (the front end's
/// LineSites, bound) give the warp instructions the launch issues, by the
/// SM pipe that executes them.
///
/// A line the compiler copied (an unrolled loop, a function inlined twice)
/// shows its work several times in the SASS: the copies are the SASS's
/// FLOPs, special-function operations or bytes of that line over one
/// run's worth from the source. Each copy then runs Executions / copies
/// times, and every instruction of a basic block runs as often as the
/// block: a block's count is the median of its lines' estimates (a block
/// without a line of known copies takes its loop's copies, or runs once per
/// warp outside loops). A block outside every loop of the SASS runs at most
/// once per warp, whatever its lines say (a load hoisted out of a loop).
/// A line whose work is all outside loops does not vote on a loop's block:
/// its instructions there are a library function's loop inlined at a call
/// on the line, which runs as often as the function's own lines say.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_INSTRUCTIONMIX_H
#define RLA_MODELS_INSTRUCTIONMIX_H

#include "analyzer/ir/LineSite.h"
#include "analyzer/models/SassClass.h"
#include "analyzer/models/WarpSchedule.h"
#include "analyzer/resources/SassListing.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rla {

/// A line's numbers under one launch.
struct BoundLine {
  std::string File;
  unsigned Line = 0;
  std::string CallerFile; ///< the call it was inlined at, if any
  unsigned CallerLine = 0;
  unsigned StatementLine = 0; ///< the line its statement starts on
  double Executions = 0, WarpExecutions = 0;
  LineWork PerRun;
};

struct InstructionMix {
  /// Warp instructions over the launch, and by pipe.
  double Total = 0;
  std::array<double, NumSassPipes> ByPipe{};
  double FmaHeavy = 0, FmaMma = 0, Shuffles = 0;
  double WarpMma = 0, WarpMmaFp64 = 0; ///< SassClass::WarpMma, WarpMmaFp64
  double Barriers = 0; ///< BAR warp instructions
  /// Thread-level, as Nsight Compute's counters count them.
  double HardwareFlops = 0;
  /// What the fp16 counters add for ptxas's HFMA2.MMA register moves
  /// (SassClass::ConstantMove): no arithmetic, but counted as FLOPs.
  double ConstantMoveFlops = 0;
  double GlobalLoadInstructions = 0, GlobalStoreInstructions = 0; ///< warp
  /// Thread bytes of the local loads and stores (LDL, STL): spills and
  /// local arrays, each lane its own (LocalMemory.h).
  double LocalLoadBytes = 0, LocalStoreBytes = 0;
  /// The listing: instructions reached from the entry, basic blocks, loops.
  unsigned StaticInstructions = 0, Blocks = 0, Loops = 0;
  /// Share of the issued instructions whose block's count came from a line
  /// with known copies (the rest from their loop or the launch's warps).
  double AnchoredShare = 0;
  /// Copies of an unrolled loop's body the SASS holds (the largest).
  double LargestCopies = 1;
  /// Global loads a thread has in flight at once in the block that issues
  /// most of them (issued, not yet waited for); 0 when not known.
  unsigned LoadsInFlight = 0;
  /// Cycles the average warp takes alone through its blocks, by the
  /// schedule the compiler encoded (WarpSchedule.h); 0 when unknown.
  double WarpCycles = 0;
  /// Code with barriers: the average warp's stretches between them, in
  /// code order (a stretch inside a loop holds all its iterations). Each
  /// has the warp instructions it issues and the cycles it takes alone.
  /// Empty without a barrier or without latencies.
  struct Phase {
    double Issued = 0;
    double Cycles = 0;
    double Barriers = 0; ///< of Issued, the BAR that ends it
    /// L1 wavefronts its global and shared accesses take (0 without the
    /// memory model's by-line wavefronts).
    double Wavefronts = 0;
    /// Bytes its global loads request (LDG, a whole warp each), and its
    /// warp MMAs (WarpMma, WarpMmaFp64).
    double GlobalBytes = 0;
    double WarpMma = 0, WarpMmaFp64 = 0;
  };
  std::vector<Phase> Phases;
  /// Each basic block the entry reaches: where it starts, its size, how
  /// often it runs (warps) and whether it is inside a loop of the SASS.
  struct BlockRuns {
    uint32_t Address = 0;
    unsigned Instructions = 0;
    double Runs = 0;
    bool InLoop = false;
  };
  std::vector<BlockRuns> BlockCounts;
  /// The block starting at Address, nullptr when none does.
  const BlockRuns *blockAt(uint32_t Address) const;
};

/// L1 wavefronts over the launch by source line (file name without its
/// directory, line): the memory model's global lines and shared bank
/// passes of the line's accesses.
using LineWavefronts = std::map<std::pair<std::string, unsigned>, double>;

/// Counts F's warp instructions under a launch of LaunchWarps warps; with
/// Latencies, also one warp's cycles through them, and with Wavefronts the
/// L1 wavefronts of each stretch between barriers (a line's wavefronts
/// shared over its loads' and stores' executions).
InstructionMix countInstructions(const SassFunction &F,
                                 const std::vector<BoundLine> &Lines,
                                 double LaunchWarps,
                                 const SassLatencies *Latencies = nullptr,
                                 const LineWavefronts *Wavefronts = nullptr);

} // namespace rla

#endif // RLA_MODELS_INSTRUCTIONMIX_H
