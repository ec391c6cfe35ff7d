//===- CostWalkerAccess.cpp - Accesses recorded for the memory models -----===//
#include "analyzer/frontend/device/CostWalker.h"

#include "clang/Basic/SourceManager.h"

namespace rla {

void CostWalker::recordAccess(const MemoryOrigin &Origin, uint64_t Bytes,
                              AccessKind Kind, const RowPadding *Padding,
                              const TileShape *Tile) {
  if (!Recording || Bytes == 0)
    return;
  if (Origin.Space != MemorySpace::Global &&
      Origin.Space != MemorySpace::Shared &&
      Origin.Space != MemorySpace::Unknown)
    return;
  AccessSite A;
  A.Array = Origin.Base;
  A.Shared = Origin.Space == MemorySpace::Shared;
  A.Kind = Kind;
  A.Bytes = static_cast<unsigned>(Bytes);
  // A pointer of unknown origin has no array to attribute bytes to.
  if (Origin.Space != MemorySpace::Unknown)
    A.ByteOffset = Origin.Offset;
  if (A.ByteOffset && mentionsBlockValue(*A.ByteOffset)) {
    // A tile the block chose by a value the model does not have: the
    // lanes' pattern, shifted by it.
    if (Origin.Space == MemorySpace::Global) {
      A.LaneOffset = A.ByteOffset;
      A.BlockShift = true;
    }
    A.ByteOffset.reset();
  }
  A.ArrayBytes = Origin.ArrayBytes;
  if (Padding && A.ByteOffset)
    A.Padding = *Padding;
  if (!A.ByteOffset && Origin.DistinctIndices)
    A.MaxDistinct = *Origin.DistinctIndices;
  if (!A.ByteOffset && Origin.Space == MemorySpace::Global && !A.BlockShift) {
    A.LaneOffset = Origin.LaneOffset;
    A.AtomicCursor = Origin.AtomicCursor && Origin.LaneOffset;
  }
  for (unsigned D = 0; D < 3; ++D) {
    A.Global[D] = Space.bounds(IndexKind::Global, D);
    A.Thread[D] = Space.bounds(IndexKind::Thread, D);
    A.Block[D] = Space.bounds(IndexKind::Block, D);
    A.GridStride[D] = Space.inGridStride(D);
    const IndexInterval &T = Space.interval(IndexKind::Thread, D);
    if (T.Modulus && T.Modulus->isInteger() && T.Residue.isInteger() &&
        T.ResidueEnd.isInteger() && T.Modulus->num() > 0 &&
        !T.SymbolicResidueEnd)
      A.ThreadResidues[D] =
          ResidueSet{static_cast<int64_t>(T.Modulus->num()),
                     static_cast<int64_t>(T.Residue.num()),
                     static_cast<int64_t>(T.ResidueEnd.num()), T.ModNegated};
  }
  // Executions at this point are per iteration of the enclosing loops; the
  // launch total sums them over every loop, innermost first.
  Expr Count = sumOverLoops(Space.count().High * gate(), false);
  if (mentionsThreadIndex(Count)) {
    // A loop whose trip count is the thread's own (`k = lane; k < K; k +=
    // 32`): sum each thread's iterations over the threads.
    if (auto PerThread = Space.sumOverPoints(sumOverLoops(gate(), false)))
      Count = PerThread->High;
  }
  for (const LoopContext &L : Loops)
    A.Loops.push_back({L.Symbol, {L.Lo, L.Hi + Expr(1)}, L.Dense});
  if (Tile) {
    // One execution per line of the tile and warp: the lines are a loop
    // of their own, and 32 threads share each.
    std::string Line = freshSymbol("tile_line");
    if (A.ByteOffset)
      A.ByteOffset = *A.ByteOffset + Expr::symbol(Line) * Tile->StrideBytes;
    A.Loops.push_back({Line, {Expr(0), Expr(int64_t(Tile->Lines))}, true});
    A.TileLineBytes = Tile->LineBytes;
    Count = Count * Expr(Rational(int64_t(Tile->Lines), int64_t(32)));
  }
  A.Executions = ExprRange(Count);
  if (!Tile && Kind != AccessKind::Atomic)
    addLineWork(Kind == AccessKind::Store
                    ? (A.Shared ? &LineWork::SharedStoreBytes
                                : &LineWork::GlobalStoreBytes)
                    : (A.Shared ? &LineWork::SharedLoadBytes
                                : &LineWork::GlobalLoadBytes),
                double(Bytes));
  SourceLoc L = locOf(AccessLoc);
  A.File = L.File;
  A.Line = L.Line;
  A.Column = L.Column;
  Out.Accesses.push_back(std::move(A));
}

} // namespace rla
