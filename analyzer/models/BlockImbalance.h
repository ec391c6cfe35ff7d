//===- BlockImbalance.h - The busiest SM when blocks differ in work -*- C++
//-*-===//
///
/// \file
/// Blocks go to the SMs in turn, so an SM's share of a launch is
/// ceil(blocks / SMs) blocks, or where blocks differ in work (a triangular
/// loop: thread i sums i elements, so the last block's rows are the
/// longest) the heaviest block, or the blocks i, i + SMs, ... that one SM
/// gets. The SM's own units (L1, shared memory, issue)
/// pass the busiest SM's share, not the average's.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_BLOCKIMBALANCE_H
#define RLA_MODELS_BLOCKIMBALANCE_H

#include "analyzer/ir/Expr.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/LaunchSpec.h"

#include <vector>

namespace rla {

/// Which work a block's weight counts.
enum class BlockWork {
  Memory,      ///< global and shared accesses: what the L1 passes
  Instructions ///< operations and accesses: what the SM issues
};

/// How the work of a launch splits over its blocks, each block's relative
/// to the mean block.
struct BlockWeights {
  double Heaviest = 1; ///< the heaviest block over the mean one (>= 1)
  /// Every block's work over the mean, in launch order (x fastest); empty
  /// when the blocks were not all weighed (too many threads to evaluate).
  std::vector<double> Each;
};

/// The per-thread work summed over the threads of each block: of every
/// block when the launch has at most MaxWeighedThreads threads, else of the
/// corner blocks (first and last along x and y) for the heaviest alone;
/// over the launch's total work per block. Heaviest 1 and Each empty when
/// the per-thread work does not depend on blockIdx or does not evaluate.
BlockWeights weighBlocks(const KernelModel &Model, const Bindings &Values,
                         const LaunchSpec &Launch, BlockWork Work);

/// The most threads weighBlocks evaluates one by one for every block.
constexpr double MaxWeighedThreads = 65536;

/// The heaviest block's work over the mean block's (weighBlocks' Heaviest).
double heaviestBlockOverMean(const KernelModel &Model, const Bindings &Values,
                             const LaunchSpec &Launch, BlockWork Work);

/// The busiest SM's work over the average SM's (>= 1) for b blocks:
/// max(ceil(b / SMs), heaviest block) / (b / SMs) in mean blocks; with every
/// block weighed, at least the busiest SM's sum when block i goes to SM
/// i mod SMs, as the block scheduler hands them out (a triangle of 256
/// blocks on 132 SMs pairs blocks 123 and 255 on one SM).
double busiestSmFactor(double Blocks, double Sms, const BlockWeights &W);
double busiestSmFactor(double Blocks, double Sms, double Heaviest);

} // namespace rla

#endif // RLA_MODELS_BLOCKIMBALANCE_H
