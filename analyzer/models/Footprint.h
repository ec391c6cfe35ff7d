//===- Footprint.h - Distinct bytes an array's accesses touch ---*- C++ -*-===//
///
/// \file
/// The footprint of an array over a launch: the number of distinct bytes in
/// the union, over every thread and loop iteration, of its accesses' address
/// sets. Each affine access covers {Base + sum Stride_i * k_i, k_i in
/// [0, Count_i)} (widened by the bytes it moves). The count is exact when the
/// strides nest (each stride is at least the span of the finer terms) or the
/// set stays contiguous (`row*N + k` with k in [0, N): N^2 elements);
/// otherwise it is bounded by min(product of counts, hull). Unions of several
/// accesses are exact for contiguous sets and small sets (enumerated), and
/// bounded by the hull otherwise. The result says which rule applied.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_FOOTPRINT_H
#define RLA_MODELS_FOOTPRINT_H

#include "analyzer/models/AffineAccess.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rla {

/// A set {Base + sum Stride_i * k_i, 0 <= k_i < Count_i} of integers.
struct LatticeSet {
  int64_t Base = 0;
  std::vector<std::pair<int64_t, int64_t>> Terms; ///< {Stride > 0, Count}
  bool Dense = true; ///< false when some term takes only some of its values
};

/// How a footprint was counted; report/FootprintRuleText.h words it.
enum class FootprintRule {
  Empty,
  Contiguous,
  NestedStrides,
  UnionOfIntervals,
  Enumerated,
  /// Bounds, not exact counts: the fewer of the points and the hull.
  BoundPointsOrHull,
  BoundSummedPointsOrHull,
  /// A loop that takes only some of its range (a set that is not dense).
  BoundPartialLoop,
  /// One element per point of a loop range the thread shapes.
  OnePerIteration,
  /// The buffer the program allocated behind the array.
  BoundAllocated,
};

struct DistinctCount {
  double Count = 0;
  bool Exact = true;
  FootprintRule Rule = FootprintRule::Empty;
};

/// Distinct integers in one set.
DistinctCount countDistinct(const LatticeSet &S);
/// Distinct integers in the union of several sets.
DistinctCount countUnion(const std::vector<LatticeSet> &Sets);

struct FootprintResult {
  double Bytes = 0;
  bool Exact = true;
  /// Counted point by point: a loop range shaped by the thread, one element
  /// per iteration (the sector count then scales by its box's).
  bool ByPoints = false;
  FootprintRule Rule = FootprintRule::Empty;
  /// The sector count scaled by that of the accesses' box (footprintSectors
  /// of a thread-shaped range).
  bool SectorsAsBox = false;
  int64_t ExtentBytes = 0; ///< highest byte touched + 1
};

/// Footprint of the given accesses (all of one array, all affine).
FootprintResult footprintOf(const std::vector<const AffineAccess *> &Accesses);

/// The same in whole 32-byte sectors (DRAM and L2 move sectors, not bytes):
/// a load strided by 32 floats touches 4 bytes of each sector it brings in,
/// so its sector footprint is 8 times its byte footprint. Terms whose stride
/// is below a sector make runs; coarser strides that are whole sectors
/// count in sectors exactly; others are bounded (a run may straddle one
/// more sector). Never below footprintOf(), never above the extent.
/// Sector is the unit: 32 for L2 sectors, the GPU's DRAM fetch (a sector
/// pair on Hopper) for what a miss brings from DRAM.
FootprintResult
sectorFootprintOf(const std::vector<const AffineAccess *> &Accesses,
                  int64_t Sector = 32);

} // namespace rla

#endif // RLA_MODELS_FOOTPRINT_H
