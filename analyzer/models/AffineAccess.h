//===- AffineAccess.h - An access's address under one launch ----*- C++ -*-===//
///
/// \file
/// Binds an AccessSite's address to a launch: the address becomes
/// Base + sum(Stride_i * k_i) with each k_i in [0, Count_i), one term per
/// index it depends on (a global coordinate, threadIdx, blockIdx or a loop
/// variable), plus the byte stride between neighbouring lanes of a warp.
/// Addresses that are not affine in those indices (a gather, a bin chosen
/// by data) are reported as such with the reason.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_AFFINEACCESS_H
#define RLA_MODELS_AFFINEACCESS_H

#include "analyzer/ir/AccessSite.h"
#include "analyzer/ir/LaunchSpec.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// Which index a term of the address belongs to.
enum class TermKind { Global, Thread, Block, Loop };

struct AffineTerm {
  std::string Var; ///< "global.x", "threadIdx.y", "blockIdx.x", loop symbol
  TermKind Kind = TermKind::Loop;
  unsigned Dim = 0;   ///< for Global/Thread/Block
  int64_t Stride = 0; ///< bytes per step, > 0 after normalisation
  int64_t Count = 1;  ///< values k in [0, Count)
  bool Dense = true;  ///< every k is taken (not only powers of two)
  /// The index value at k = 0 and the step direction, to place samples.
  int64_t Lo = 0;
  bool Reversed = false;
};

/// Why an access is not affine (the model only tests it; none is printed).
enum class NotAffine {
  No,                ///< affine, or not looked at
  UnfollowedPointer, ///< the address depends on data or an unfollowed pointer
  UnboundSymbol,     ///< depends on WhySymbol, which is not bound
  NonLinearIn,       ///< not affine in WhySymbol
  NonLinear,         ///< not affine in the thread and loop indices
  GlobalUnbound,     ///< the range of the global index is not bound
  ThreadUnbound,     ///< the range of threadIdx is not bound
  BlockUnbound,      ///< the range of blockIdx is not bound
  LoopBoundsDepend,  ///< loop variable WhySymbol's bounds depend on others
  RangeOverflows,    ///< the address range does not fit in 64 bits
};

struct AffineAccess {
  const AccessSite *Site = nullptr;
  bool Affine = false;
  NotAffine Why = NotAffine::No;
  std::string WhySymbol; ///< the symbol Why names, if any
  /// Address (bytes from the array start) of the index origin: every index
  /// at 0 (not at its Lo), for alignment; and the lowest address taken.
  int64_t Origin = 0;
  int64_t Lowest = 0;
  std::vector<AffineTerm> Terms; ///< indices with a non-zero stride
  /// Bytes between lanes one threadIdx.d apart (signed).
  std::array<int64_t, 3> LaneStride{};
  /// The launch's block size per dimension.
  std::array<int64_t, 3> BlockSize{};
  /// [Lo, Hi) of threadIdx.d where the access runs (a guard such as
  /// `threadIdx.x == 0` leaves one lane of one warp).
  std::array<std::pair<int64_t, int64_t>, 3> ThreadRange{
      {{0, INT64_MAX}, {0, INT64_MAX}, {0, INT64_MAX}}};
  /// Set when a thread index is decomposed (`threadIdx.x / 32`, `% 32`):
  /// the bound address over threadIdx, blockIdx and loop symbols, so that
  /// each lane's address is computed exactly instead of from LaneStride.
  std::optional<Expr> LaneAddress;
  /// For an address that is not affine but bound: [HullLo, HullHi], its
  /// values at the corners of the index ranges (exact for addresses
  /// monotone in each index, such as floor divisions and clamps of affine
  /// ones; a centre sample that falls outside rejects the hull).
  bool Hull = false;
  int64_t HullLo = 0, HullHi = 0;
  /// A shared-memory address that is not affine but evaluates per lane
  /// (`tile[threadIdx.x][(threadIdx.y + r) % 32]`): LaneAddress is set and
  /// Terms hold the loops at their first values, so that warpCost samples
  /// the banks of real warps. Its wavefronts are then known, not assumed
  /// conflict-free.
  bool Sampled = false;
  /// Set when a loop's range depends on the thread (`for (j = 0; j <= i;
  /// ++j)` with i the thread's row): the terms then span the box around
  /// every thread's range, and when the address is one-to-one on that box
  /// (it depends on every coordinate that varies), this is the number of
  /// points it really takes, the launch's executions of the access.
  std::optional<double> Points;
  /// Launch total executions (threads x iterations); unset when unbound,
  /// when the count failed (ExecutionsFailed) or for a window of blocks.
  std::optional<double> Executions;
  /// The count overflowed 128 bits or is undefined for this launch.
  bool ExecutionsFailed = false;
  int64_t highestAddress() const; ///< last byte touched
};

/// E as an index under Values: an integer with room to spare in 64 bits
/// (sums of a few such values cannot overflow); nothing otherwise.
std::optional<int64_t> evalIndex(const Expr &E, const Bindings &Values);

/// Threads of the launch per dimension, from the bindings.
std::optional<LaunchShape> launchShape(const Bindings &Values);

/// The blocks a term may take: [First, First + Count) in each dimension.
struct BlockWindow {
  std::array<int64_t, 3> Count{{-1, -1, -1}}; ///< -1: the whole grid
};

/// Binds Site under Values. Window restricts blockIdx (and global
/// coordinates) to a subset of the grid, for per-block and per-wave sets.
AffineAccess bindAccess(const AccessSite &Site, const Bindings &Values,
                        const LaunchShape &Shape,
                        const BlockWindow &Window = {});

} // namespace rla

#endif // RLA_MODELS_AFFINEACCESS_H
