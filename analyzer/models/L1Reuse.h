//===- L1Reuse.h - Re-reads that L1 keeps, and those it does not -*- C++
//-*-===//
///
/// \file
/// A thread that reads the same addresses again one iteration of an outer
/// loop later (`X[j]` in `for (i) for (j < i)`: the column of X is read
/// again for each i) finds them in L1 only if what its block, and the other
/// blocks resident on its SM, touched in between fits in the L1 that
/// shared memory leaves. What touches it in between is the working set of
/// one iteration of the loop that carries the re-use: the distinct sectors
/// of every global access inside that loop, for one block, with the loop
/// variable fixed. It is sampled over the loop's range (a triangular loop's
/// working set grows with i), each sample weighted by the site's
/// executions in that iteration.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_L1REUSE_H
#define RLA_MODELS_L1REUSE_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/AccessSite.h"
#include "analyzer/ir/Expr.h"
#include "analyzer/models/AffineAccess.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// What one block may keep in L1.
struct L1Capacity {
  double L1SharedBytes = 0; ///< the SM's combined L1 and shared memory
  int64_t ResidentBlocks = 1;
  double SharedBytesPerBlock = 0;
  /// The shared-memory part of L1SharedBytes the driver sets for the
  /// kernel (its carveout); the L1 is the rest.
  double CarveoutBytes = 0;
  /// Set when the carveout follows the GPU's table of carveouts; unset, it
  /// is the resident blocks' shared memory.
  bool CarveoutFromTable = false;
  /// (L1SharedBytes - CarveoutBytes) / ResidentBlocks.
  double BytesPerBlock = 0;
};

/// Nothing when the GPU has no L1 size. Resident blocks: the launch's
/// blocks per SM, at most what the SM's thread limit and 32 blocks allow
/// (registers are not known here: more blocks fit than run, which makes
/// the L1 share of each larger, never smaller, than the model's). With
/// shared memory, the driver sizes the carveout for as many blocks as the
/// thread, block and shared-memory limits allow, each with its shared
/// memory and the 1 KiB
/// the system reserves, rounded up to a carveout the architecture has
/// (Hopper: 0, 8, 16, 32, 64, 100, 132, 164, 196, 228 KiB): on the H200 a
/// 256-thread kernel with 40 KiB of shared memory per block leaves 28 KiB
/// of L1, not 216 (docs/accuracy/l1-capacity, measured).
std::optional<L1Capacity> l1Capacity(const GpuSpec &Gpu,
                                     const LaunchShape &Shape,
                                     double SharedBytesPerBlock);

struct L1Spill {
  /// Of the site's executions, the share whose re-read misses L1.
  double MissShare = 0;
  /// The loop that carries the re-use, as its variable prints.
  std::string Loop;
  /// The largest sampled working set of one block, in bytes.
  double WorkingSetBytes = 0;
};

/// Nothing when Site has no re-read carried by a loop (its address moves
/// with every enclosing loop, or it is not affine), or when the working set
/// is not bound. Accesses: every access of the kernel.
std::optional<L1Spill> l1Spill(const AccessSite &Site,
                               const std::vector<AccessSite> &Accesses,
                               const Bindings &Values, const LaunchShape &Shape,
                               const L1Capacity &Capacity);

} // namespace rla

#endif // RLA_MODELS_L1REUSE_H
