//===- AccessSite.h - One memory access as the models see it ----*- C++ -*-===//
///
/// \file
/// A global, shared or atomic access of a kernel body with what the memory
/// models need: which array, how many bytes, its address as an expression
/// over thread, block and loop indices, the ranges those indices take where
/// the access runs, and how often it runs over the launch. Clang-free: the
/// front end fills it, analyzer/models/ reads it.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_ACCESSSITE_H
#define RLA_IR_ACCESSSITE_H

#include "analyzer/ir/Expr.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// The prefix of the symbols that stand for a block-uniform unknown.
inline constexpr const char *BlockValuePrefix = "%block.";

/// Whether E mentions a block-uniform unknown.
inline bool mentionsBlockValue(const Expr &E) {
  for (const std::string &S : E.symbols())
    if (S.rfind(BlockValuePrefix, 0) == 0)
      return true;
  return false;
}

struct SourceLoc;

enum class AccessKind { Load, Store, Atomic };
const char *accessKindName(AccessKind K); ///< "load", "store", "atomic"

/// Half-open range [Lo, Hi) of one index where the access runs.
struct IndexBounds {
  Expr Lo, Hi;
};

/// index % Modulus in [Residue, ResidueEnd), or not in it when Negated: a
/// lane guard such as `lane == 0` or `lane < 16` with lane = threadIdx.x % 32.
struct ResidueSet {
  int64_t Modulus = 1;
  int64_t Residue = 0, ResidueEnd = 1;
  bool Negated = false;
  bool contains(int64_t Index) const {
    int64_t R = ((Index % Modulus) + Modulus) % Modulus;
    return (R >= Residue && R < ResidueEnd) != Negated;
  }
};

/// A loop variable the address may depend on.
struct LoopIndex {
  std::string Symbol;
  IndexBounds Range;
  /// Counted loops visit every value of Range; halving/doubling loops only
  /// powers of two in it (footprints then use the bounding rule).
  bool Dense = true;
};

/// A fixed-size __shared__ array whose innermost extent is written as a
/// literal (`float tile[32][32]`), and this access's address if each row
/// had one element more: what the memory model needs to check that
/// padding the row breaks a bank conflict before it offers the edit.
struct RowPadding {
  Expr ByteOffset;         ///< the address in the padded array
  uint64_t ArrayBytes = 0; ///< the padded array's size
  uint64_t Extent = 0;     ///< the literal's value (32)
  std::string Written;     ///< the literal as written ("32", "0x20")
  /// Where the literal is written, and its length in characters.
  std::string File;
  unsigned Line = 0, Column = 0, Length = 0;
};

struct AccessSite {
  std::string Array; ///< the pointer parameter or __shared__ variable
  bool Shared = false;
  AccessKind Kind = AccessKind::Load;
  unsigned Bytes = 0; ///< per thread and execution
  /// Address relative to the array's start, in bytes; unset when it depends
  /// on data (a gather, a histogram bin) or on a pointer the model lost.
  std::optional<Expr> ByteOffset;
  /// Declared size of a fixed-size __shared__ array (0 when unknown).
  uint64_t ArrayBytes = 0;
  /// Without an address: the most elements a data-dependent subscript can
  /// reach (256 for an `unsigned char` bin), 0 when unknown.
  uint64_t MaxDistinct = 0;
  /// Without an address: the address less a value that is the same for
  /// every thread of a block but read from memory (a segment's start kept
  /// in a `__shared__` variable): its lanes' pattern, at an unknown shift.
  std::optional<Expr> LaneOffset;
  /// LaneOffset orders slots an atomic counter hands out (stream
  /// compaction), each written once.
  bool AtomicCursor = false;
  /// LaneOffset holds the shift as block-uniform unknowns (symbols named
  /// "%block.*", a block swizzle's tile): their coefficients tell its
  /// alignment.
  bool BlockShift = false;
  /// Ranges of the coordinates where the access runs, per dimension:
  /// Global = blockIdx*blockDim + threadIdx (or a grid-stride index).
  std::array<IndexBounds, 3> Global, Thread, Block;
  /// Inside a grid-stride loop over d: the iterations are the points, so
  /// the address's indices range over Global, not the launch's threads.
  std::array<bool, 3> GridStride{};
  /// The residues of threadIdx.d the access runs at, when a guard keeps
  /// only some lanes of each warp.
  std::array<std::optional<ResidueSet>, 3> ThreadResidues;
  std::vector<LoopIndex> Loops;
  /// Set for a subscript of a __shared__ array padding could fix.
  std::optional<RowPadding> Padding;
  /// Executions summed over the launch (threads times iterations).
  ExprRange Executions;
  /// Non-zero for a warp-collective tile (a WMMA fragment load or store):
  /// one execution moves one whole line of LineBytes contiguous bytes for
  /// the warp, so Executions counts warps times lines, not threads, and the
  /// lanes' addresses are the hardware's business, not the source's.
  unsigned TileLineBytes = 0;
  /// An atomic on a float (atomicAdd(float *, float)): one address's
  /// updates go at the float rate, slower than the integer one (double is
  /// not measured and keeps the integer rate).
  bool FloatAtomic = false;
  std::string File;
  unsigned Line = 0, Column = 0;
};

} // namespace rla

#endif // RLA_IR_ACCESSSITE_H
