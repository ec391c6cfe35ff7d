//===- LoopShape.h - Trip counts of the loops kernels write -----*- C++ -*-===//
///
/// \file
/// Recognises the loop forms kernels use and gives each a symbolic trip
/// count: counted loops (any step, <, <=, >, >=, !=), grid-stride loops
/// (over threads or over blocks) and block-stride loops, halving
/// (`s >>= 1`) and doubling (`s <<= 1`) loops.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_LOOPSHAPE_H
#define RLA_FRONTEND_DEVICE_LOOPSHAPE_H

#include "analyzer/frontend/device/SymbolicConverter.h"
#include "analyzer/ir/Expr.h"
#include "analyzer/ir/Note.h"

#include "clang/AST/Stmt.h"

#include <string>

namespace rla {

struct LoopShape {
  /// BlockGridStride: `for (r = blockIdx.d; r < n; r += gridDim.d)`, a
  /// grid-stride loop over blocks (a row per block).
  enum Kind {
    Counted,
    GridStride,
    BlockStride,
    BlockGridStride,
    Halving,
    Doubling,
    Unknown
  };
  Kind ShapeKind = Unknown;
  const clang::VarDecl *Var = nullptr;
  Expr Init;  ///< first value of Var
  Expr Step;  ///< Counted: added each iteration (negative when counting down)
  Expr Bound; ///< stride loops: Var runs over [0, Bound)
  /// Iterations per thread (Counted, Halving, Doubling) as an expression
  /// that may still need clamping at zero (see TripMayBeNegative).
  Expr Trip;
  bool TripMayBeNegative = false;
  unsigned Dim = 0; ///< stride loops: x, y or z
  /// BlockStride over the block's linear thread index (`e = threadIdx.y *
  /// blockDim.x + threadIdx.x; e += blockDim.x * blockDim.y`): the
  /// dimensions it flattens, x first (1: an ordinary block-stride loop).
  unsigned FlatDims = 1;
  /// A flat block-stride loop written with the tile's sizes as constants
  /// (`e = threadIdx.y * 16 + threadIdx.x; e += 256`): the block shape it
  /// assumes, x then y.
  std::optional<std::pair<Rational, Rational>> FlatAssumedBlock;
  /// Grid-stride loops written with a tile constant T (`blockIdx.x * T +
  /// threadIdx.x`, stepping T * gridDim.x): T, which need not be blockDim.
  std::optional<Rational> StrideTile;
  /// Grid-stride loops over groups of W threads (`r = global / 32; r <
  /// rows; r += gridDim * blockDim / 32`, a warp per row): W. Each index is
  /// taken by W consecutive threads, so the loop is the grid-stride loop over
  /// [0, Bound) with Bound = rows * W and r = floor(that index / W).
  std::optional<Rational> GroupWidth;
  std::optional<Note> Why; ///< Unknown: what was not recognised
  /// Halving/Doubling: bits the variable shifts per trip (`s >>= 2`: 2).
  unsigned Shift = 1;
  /// `i < n && data[i] != key`: a counted test in a conjunction with one that
  /// is not; the loop may stop before Trip (StopsEarlyWhy says why).
  bool MayStopEarly = false;
  std::optional<Note> StopsEarlyWhy;
  /// `for (;;) { int t = f(v); if (t >= n) break; ... }`: the exit the trip
  /// count comes from, first in the body after integer declarations; the
  /// walker counts its test, not a break that may happen anywhere.
  const clang::IfStmt *CountedExit = nullptr;
};

/// Analyses `for (Init; Cond; Inc) Body`. The converter gives symbolic values
/// of the init and bound expressions in the enclosing context. The compared
/// variable may be any the init declares (several induction variables) and
/// may be advanced by the increment or by one statement of the body. A
/// condition `A && B` counts min(trips of A, trips of B) over its counted
/// parts; a part that is not counted makes the loop one that may stop early.
LoopShape analyzeForLoop(const clang::ForStmt *For,
                         const SymbolicConverter &Converter);

/// Analyses `while (Cond) Body` (BodyFirst: `do Body while (Cond)`): counted
/// when Cond compares a variable that the body advances by a fixed step
/// (`while (i < n) { ...; i += s; }`); its start is its value before the loop.
LoopShape analyzeWhileLoop(const clang::Expr *Cond, const clang::Stmt *Body,
                           bool BodyFirst, const SymbolicConverter &Converter);

/// Variables read anywhere inside S.
void collectReadVars(const clang::Stmt *S,
                     std::set<const clang::ValueDecl *> &Out);

/// Variables assigned anywhere inside S (assignments, ++/--, address taken).
void collectAssignedVars(const clang::Stmt *S,
                         std::set<const clang::ValueDecl *> &Out);

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_LOOPSHAPE_H
