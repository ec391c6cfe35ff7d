//===- IssueTime.h - Time to issue a launch's instructions ------*- C++ -*-===//
///
/// \file
/// The compute side of a launch, from its machine code: the warp
/// instructions of the launch (InstructionMix.h) over the SMs' issue slots
/// and over each pipe's rate (ArchitectureLimits' IssueRates), at the GPU's
/// clock; the FMA, ALU and FP64 pipes share one dispatch, so their times
/// add. Blocks are spread over the SMs one at a time as slots free up, so
/// the busiest SM runs ceil(blocks / SMs) of them: a grid of 133 blocks on
/// 132 SMs takes two blocks' time, a grid of 4 blocks uses 4 SMs.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_ISSUETIME_H
#define RLA_MODELS_ISSUETIME_H

#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/models/BlockImbalance.h"
#include "analyzer/models/InstructionMix.h"

#include <string>

namespace rla {

struct IssueEstimate {
  InstructionMix Mix;
  unsigned Sms = 0;
  double ClockHz = 0;
  double Blocks = 0;
  /// The busiest SM's work over the average SM's (>= 1): its blocks, or
  /// the heaviest block where blocks differ in work.
  double WaveFactor = 1;
  /// The heaviest block's work over the mean block's (>= 1).
  double HeaviestBlock = 1;
  /// Seconds on the busiest SM: every instruction through the issue
  /// slots, and each pipe's instructions through that pipe.
  double IssueSlotTime = 0;
  double FmaTime = 0, AluTime = 0, Fp64Time = 0, XuTime = 0, LsuTime = 0;
  /// Warp MMAs through the tensor pipe (DMMA at its own, lower rate).
  double TensorTime = 0;
  /// Barriers at their own rate (part of LsuTime, the larger of the MIO's
  /// terms).
  double BarrierTime = 0;
  /// The FMA, ALU and FP64 pipes share their dispatch: the sum of their
  /// times.
  double MathTime = 0;
  /// The slowest of the issue slots and the pipes: the launch's
  /// instructions with every warp's latency hidden.
  double ThroughputTime = 0;
  /// The busiest scheduler's warps, a few at a time (the occupancy), each
  /// taking the mix's WarpCycles: what dependency chains and load latency
  /// cost when too few warps hide them. 0 when unknown.
  double WarpLatencyTime = 0;
  double WarpsPerScheduler = 0, ResidentPerScheduler = 0;
  /// Code with barriers: the resident warps cross each barrier together,
  /// so per stretch between barriers a round of them takes the longer of
  /// issuing all their instructions and one warp's own cycles, and the
  /// stretches add. 0 without barriers.
  double SyncPhaseTime = 0;
  /// The largest of issue, math, XU, LSU and the warps' latency.
  double Time = 0;
  /// "issue", "math", "xu", "lsu", "warp-latency", "sync-phases"
  std::string Limiter;
  std::string RateSource;
};

/// How the launch sits on an SM, for the latency of its warps.
struct WarpResidency {
  double WarpsPerBlock = 0;
  double ActiveWarpsPerSm = 0; ///< the occupancy's
  /// L1 wavefronts one SM serves per clock (its L1 bandwidth over 128
  /// bytes): a stretch between barriers waits for its resident warps'
  /// wavefronts. 0: not known.
  double L1WavefrontsPerClock = 0;
  /// Bytes one SM's share of the L2 bandwidth moves per clock: a stretch
  /// whose loads every SM issues at once waits for the L2. 0: not known.
  double L2BytesPerClock = 0;
};

/// The estimate for Mix on a GPU of Sms SMs at ClockHz, with Blocks blocks.
/// With Residency and the mix's warp cycles, also the time of the warps'
/// own schedules: each scheduler holds some warps at a time, and a warp
/// alone takes WarpCycles. Weights: the blocks' work over the mean block's
/// (BlockImbalance.h), which sets the busiest SM.
IssueEstimate estimateIssue(const InstructionMix &Mix, const IssueRates &Rates,
                            unsigned Sms, double ClockHz, double Blocks,
                            const WarpResidency &Residency = {},
                            const BlockWeights &Weights = {});

} // namespace rla

#endif // RLA_MODELS_ISSUETIME_H
