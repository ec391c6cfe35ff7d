//===- ThreadSpace.h - Which threads execute a statement --------*- C++ -*-===//
///
/// \file
/// The set of threads (and, inside a grid-stride loop, of iterations) that
/// reach a point of a kernel, as one interval constraint per thread-index
/// coordinate. Counting its points is how guards such as `if (i < n)` or
/// `if (tid < s)` turn into exact totals: the number of threads that pass.
///
/// Coordinates per dimension d in {x, y, z}:
///   Global: blockIdx.d * blockDim.d + threadIdx.d, in [0, extent) where the
///           extent is gridDim.d * blockDim.d, or the bound of an enclosing
///           grid-stride loop, whose iterations then stand for the threads;
///   Thread: threadIdx.d in [0, blockDim.d);
///   Block:  blockIdx.d in [0, gridDim.d).
/// Constraints on Global and on Thread/Block of the same dimension are not
/// independent; their count is returned as an honest range.
//===----------------------------------------------------------------------===//
#ifndef RLA_CUDA_THREADSPACE_H
#define RLA_CUDA_THREADSPACE_H

#include "analyzer/ir/AccessSite.h"
#include "analyzer/ir/Expr.h"
#include "analyzer/ir/Note.h"

#include <array>
#include <optional>
#include <string>

namespace rla {

enum class IndexKind { Global, Thread, Block };

/// Lo <= index < Hi; an unset end is unconstrained.
struct IndexInterval {
  std::optional<Expr> Lo, Hi;
  /// Proven by the caller: Hi <= the coordinate's extent, Lo >= 0 (so the
  /// count needs no clamp and stays a polynomial a loop can sum).
  bool HiInside = false, LoInside = false;
  /// index % Modulus == Residue (or != when ModNegated): warp leaders,
  /// every other element.
  std::optional<Rational> Modulus;
  Rational Residue;
  /// The residues taken are [Residue, ResidueEnd): `lane < 16` with lane =
  /// threadIdx.x % 32 is [0, 16); `== r` is [r, r + 1).
  Rational ResidueEnd = Rational(1);
  /// Set where the end is not a constant (`lane < offset` with offset a
  /// loop's value): the residues [0, min(max(end, 0), Modulus)).
  std::optional<Expr> SymbolicResidueEnd;
  bool ModNegated = false;
  /// A modulus only a loop's value gives (`tid % (2 * s) == 0` with s
  /// doubling): set instead of Modulus, residues as above.
  std::optional<Expr> SymbolicModulus;
  bool modular() const { return Modulus || SymbolicModulus; }
  /// The modulus as an expression, whichever of the two is set.
  Expr modulus() const { return Modulus ? Expr(*Modulus) : *SymbolicModulus; }
  bool constrained() const { return Lo || Hi || modular(); }
  /// Narrows this interval to its intersection with [Lo, Hi).
  void intersect(const std::optional<Expr> &NewLo, bool NewLoInside,
                 const std::optional<Expr> &NewHi, bool NewHiInside);
};

class ThreadSpace {
public:
  ThreadSpace();

  /// Restricts the coordinate Kind of dimension Dim to [Lo, Hi). HiInside /
  /// LoInside say the caller proved Hi <= extent / Lo >= 0.
  void constrain(IndexKind Kind, unsigned Dim, const std::optional<Expr> &Lo,
                 const std::optional<Expr> &Hi, bool HiInside = false,
                 bool LoInside = false);

  /// Restricts the coordinate to index % Modulus == Residue (!= when
  /// Negated). A second test of the same constant modulus keeps the
  /// residues both allow. False (nothing changes) when the coordinate has
  /// another modulus, or the residues left would not be one run.
  bool constrainModulo(IndexKind Kind, unsigned Dim, const Rational &Modulus,
                       const Rational &Residue, bool Negated);
  /// The same for index % Modulus in [Residue, ResidueEnd).
  /// index % Modulus in [Residue, ResidueEnd) for a modulus that is not a
  /// constant (a loop variable's multiple).
  bool constrainSymbolicModulo(IndexKind Kind, unsigned Dim,
                               const Expr &Modulus, const Rational &Residue,
                               const Rational &ResidueEnd, bool Negated);
  bool constrainModuloRange(IndexKind Kind, unsigned Dim,
                            const Rational &Modulus, const Rational &Residue,
                            const Rational &ResidueEnd, bool Negated);
  /// index % Modulus in [0, End) (the others when Negated) for an End that
  /// is not a constant. False (nothing changes) when the coordinate already
  /// has a modulus.
  bool constrainModuloBelow(IndexKind Kind, unsigned Dim,
                            const Rational &Modulus, const Expr &End,
                            bool Negated);

  /// Enters a grid-stride loop over dimension Dim whose index runs over
  /// [0, Bound): the loop's iterations replace the threads of that dimension.
  /// A loop written with a tile constant (`i = blockIdx.x * T + threadIdx.x`,
  /// `i += T * gridDim.x`) runs the indices whose offset in their T-wide tile
  /// is below blockDim: all of them when blockDim == T, half when a block of
  /// T/2 threads reads `x[i]` and `x[i + T/2]`. Returns false when Dim
  /// already has a Global constraint (then nothing changes). A loop whose
  /// indices go to groups of Group threads (a warp per row) has Bound = rows
  /// * Group points; a guard on the lane (`threadIdx.x % 32 == 0`) then picks
  /// the same lane of every group.
  bool enterGridStride(unsigned Dim, const Expr &Bound,
                       std::optional<Rational> Tile = std::nullopt,
                       std::optional<Rational> Group = std::nullopt);

  /// Number of points, per dimension multiplied. Exact unless a dimension
  /// mixes Global with Thread/Block constraints (then a range, and Reason says
  /// so).
  ExprRange count(std::optional<Note> *Reason = nullptr) const;

  /// Sum of F over the points, where F may depend on the thread coordinates
  /// of one dimension (a loop whose trip count is the thread's own index).
  /// nullopt when F mixes dimensions or the dimension mixes constraint kinds.
  std::optional<ExprRange> sumOverPoints(const Expr &F) const;

  /// The warps' runs of a line that each thread runs F times, where F depends
  /// on threadIdx.x alone (a guard against a bound that moves with the
  /// thread): a warp runs it while any lane does, as often as the busier of
  /// its first and last lane (exact when the lanes' active iterations nest,
  /// as they do under such a bound), summed over the warps. nullopt where F
  /// reads another index or the space is not whole blocks.
  std::optional<Expr> sumOverWarps(const Expr &F) const;

  /// Number of points in one dimension.
  ExprRange countDim(unsigned Dim, std::optional<Note> *Reason = nullptr) const;

  /// How many warps the points fill (the high end of count()): a warp runs
  /// a statement when any of its lanes does, so `if (threadIdx.x < s)` in a
  /// 256-thread block is ceil(s / 32) warps. Lanes are threadIdx.x first;
  /// rows narrower than a warp share one. Outside that case, points / 32.
  Expr warpCount() const;

  /// Enters a block-stride loop (`for (k = threadIdx.d; k < Bound; k +=
  /// blockDim.d)`): its iterations replace the threads of one block in Dim.
  bool enterBlockStride(unsigned Dim, const Expr &Bound);
  /// Enters a block-stride loop over the linear thread index of the first
  /// Dims dimensions: its iterations replace the block's threads, as x
  /// running over [0, Bound) with the other flattened dimensions one wide.
  /// False (nothing changes) when one of them is already constrained.
  bool enterFlatBlockStride(unsigned Dims, const Expr &Bound);

  /// Enters a grid-stride loop over blocks (`for (r = blockIdx.d; r < Bound;
  /// r += gridDim.d)`, a row per block): its iterations replace the blocks
  /// in Dim. False (nothing changes) when the block index is already
  /// constrained or replaced.
  bool enterBlockGridStride(unsigned Dim, const Expr &Bound);

  /// The extent of the Global coordinate of Dim (gridDim*blockDim, or a
  /// grid-stride bound).
  const Expr &globalExtent(unsigned Dim) const { return Extent[Dim]; }
  /// The extent of the Thread coordinate of Dim (blockDim, or a block-stride
  /// bound).
  const Expr &threadExtent(unsigned Dim) const { return ThreadExtent[Dim]; }
  /// The extent of the Block coordinate of Dim (gridDim, or the bound of a
  /// grid-stride loop over blocks).
  const Expr &blockExtent(unsigned Dim) const { return BlockExtent[Dim]; }
  bool inGridStride(unsigned Dim) const { return GridStride[Dim]; }
  /// Inside a grid-stride loop over single threads, takes its points in
  /// groups of Width consecutive ones (blockDim a multiple of Width, which
  /// the caller records): index g runs on threadIdx g mod blockDim, so a
  /// guard on threadIdx mod Width passes the same residues of g. False
  /// when the loop already groups its points otherwise.
  bool groupGridStride(unsigned Dim, const Rational &Width);
  const IndexInterval &interval(IndexKind Kind, unsigned Dim) const;
  /// [Lo, Hi) of the coordinate clipped to its extent (moduli ignored): the
  /// values the index takes at this point, for address ranges.
  IndexBounds bounds(IndexKind Kind, unsigned Dim) const;

private:
  IndexInterval &intervalRef(IndexKind Kind, unsigned Dim);
  /// A sum over the points of dimension D times the points of the others.
  ExprRange timesOtherDims(const Expr &Sum, unsigned D) const;
  std::array<Expr, 3> Extent;
  std::array<bool, 3> GridStride{};
  std::array<std::optional<Rational>, 3> StrideTile;
  std::array<std::optional<Rational>, 3> StrideGroup;
  std::array<Expr, 3> ThreadExtent;
  std::array<bool, 3> BlockStride{};
  std::array<Expr, 3> BlockExtent;
  std::array<bool, 3> BlockGridStride{};
  std::array<IndexInterval, 3> GlobalC, ThreadC, BlockC;
};

/// Size of [Lo, Hi) ∩ [0, Extent), never negative.
Expr clippedLength(const IndexInterval &I, const Expr &Extent);

/// Iterations of a grid-stride loop stepping by a tile constant T whose
/// index lies in [Lo, Hi) ∩ [0, Extent), with blockDim threads per tile.
Expr tiledStrideLength(const IndexInterval &I, const Expr &Extent,
                       const Rational &Tile, const Expr &BlockDim);

} // namespace rla

#endif // RLA_CUDA_THREADSPACE_H
