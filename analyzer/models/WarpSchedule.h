//===- WarpSchedule.h - One warp's cycles through its SASS ------*- C++ -*-===//
///
/// \file
/// How many cycles one warp alone takes through a stretch of machine code:
/// the compiler encodes in each instruction how long the warp waits before
/// its next one (fixed-latency dependencies) and which scoreboards it sets
/// and waits on (loads, shared memory, special functions, shuffles); the
/// scoreboards release after each unit's latency (SassLatencies, measured
/// on the H200 by scripts/device/pipe_rates.cu and time_constants.cu). With
/// few warps on a scheduler this, not the issue of instructions, sets the
/// time: a chain of dependent FMAs runs one per 4 cycles however few they
/// are.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_WARPSCHEDULE_H
#define RLA_MODELS_WARPSCHEDULE_H

#include "analyzer/resources/SassListing.h"

#include <array>
#include <cstddef>
#include <utility>
#include <vector>

namespace rla {

/// Cycles from an instruction's issue until what its scoreboard guards is
/// ready, by the unit it goes to.
struct SassLatencies {
  double Global = 0;   ///< LDG/LD/LDL: the launch's mix of L1, L2 and DRAM
  double Shared = 0;   ///< LDS, LDSM, shared atomics
  double Constant = 0; ///< LDC
  double Special = 0;  ///< MUFU, conversions, popc (the XU)
  double Shuffle = 0;  ///< SHFL, S2R and other round trips through the MIO
  double Fp64 = 0;     ///< DFMA, DADD, DMUL where they use a scoreboard
  double Tensor = 0;   ///< HMMA, IMMA, DMMA, HGMMA
  double Barrier = 0;  ///< BAR.SYNC: the wait for the block's other warps
  double Atomic = 0;   ///< global atomics and reductions that return
  /// Where Global's mix comes from, when known (L1Hit > 0): each load goes
  /// beyond L1 with probability ToL2 and to DRAM with ToDram (of all
  /// loads). A warp waiting on several loads at once waits for the slowest,
  /// which is more often a miss than the mix says.
  double L1Hit = 0, L2Hit = 0, Dram = 0;
  double ToL2 = 0, ToDram = 0;

  /// The expected latency of the slowest of K loads waited on together.
  double slowestGlobal(unsigned K) const;
};

/// Cycles one warp spends in each block [First, End) of Code, the blocks
/// given in address order with the innermost loop of each (-1: none).
/// Scoreboards carry from block to block in address order; a loop's
/// blocks are walked twice and the second pass kept, so that a load issued
/// late in one iteration and used early in the next is waited for. Empty
/// when an instruction has no encoded schedule (a listing without -hex).
/// With BarrierCycles, also per block the cycles into it at which each of
/// its barriers (BAR) is passed, in order. Blocks marked in Side (outside
/// loops, run by only some of the warps) are walked from the state before
/// them without changing it for the blocks after.
std::vector<double>
blockCycles(const std::vector<SassInstruction> &Code,
            const std::vector<std::pair<size_t, size_t>> &Blocks,
            const std::vector<int> &LoopOf, const SassLatencies &L,
            std::vector<std::vector<double>> *BarrierCycles = nullptr,
            const std::vector<bool> *Side = nullptr);

} // namespace rla

#endif // RLA_MODELS_WARPSCHEDULE_H
