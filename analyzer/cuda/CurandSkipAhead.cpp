//===- CurandSkipAhead.cpp - XORWOW's skip-ahead in curand_init ----------===//
#include "analyzer/cuda/CurandSkipAhead.h"

namespace rla {

namespace {

/// Base-4 digits past the lanes' own that a 32-bit index has.
constexpr int HighDigits = 13;

Expr sym(const char *Name) { return Expr::symbol(Name); }

/// sum_{w<Count} digitsum(32 * w + 31): the warps of a row whose lanes hold
/// consecutive subsequences from 32 * w. The last lane is each digit's
/// busiest: digits 0 and 1 (lane bits 0-3) are 3 in some lane, digit 2 is
/// 2 * bit5 + 1 (lane bit 4 set), the rest are the warp's, those of w / 2.
Expr warpRowProducts(const Expr &Count) {
  Expr Sum = Expr(7) * Count + Expr(2) * Expr::floorDiv(Count, Expr(2));
  int64_t Place = 2;
  for (int D = 0; D < HighDigits; ++D, Place *= 4)
    Sum = Sum + digitSumBelow(Count, Place);
  return Sum;
}

/// sum_{b<Count} digitsum(b).
Expr uniformProducts(const Expr &Count) {
  Expr Sum(0);
  int64_t Place = 1;
  for (int D = 0; D < HighDigits + 3; ++D, Place *= 4)
    Sum = Sum + digitSumBelow(Count, Place);
  return Sum;
}

} // namespace

Expr digitSumBelow(const Expr &Count, int64_t Place) {
  // Whole cycles of 4 * Place numbers hold each digit Place times (0+1+2+3);
  // of the rest, max(r - d * Place, 0) numbers have a digit of d or more.
  Expr Cycle(4 * Place);
  Expr Rest = Expr::mod(Count, Cycle);
  Expr Sum = Expr(6 * Place) * Expr::floorDiv(Count, Cycle);
  for (int64_t D = 1; D <= 3; ++D)
    Sum = Sum + Expr::max(Rest - Expr(D * Place), Expr(0));
  return Sum;
}

std::optional<Expr> xorwowSkipAheadWarpProducts(const Expr &Subsequence) {
  Expr Tx = sym("threadIdx.x"), Bx = sym("blockIdx.x");
  Expr Bdx = sym("blockDim.x"), Gdx = sym("gridDim.x");
  Expr RowsPerBlock = sym("blockDim.y") * sym("blockDim.z");
  Expr OtherBlocks = sym("gridDim.y") * sym("gridDim.z");
  Expr WarpsInRow = Expr::ceilDiv(Bdx, Expr(32));
  if (Subsequence == Bx * Bdx + Tx)
    return warpRowProducts(Expr::floorDiv(Gdx * Bdx, Expr(32))) * RowsPerBlock *
           OtherBlocks;
  if (Subsequence == Tx)
    return warpRowProducts(WarpsInRow) * RowsPerBlock * Gdx * OtherBlocks;
  if (Subsequence == Bx)
    return uniformProducts(Gdx) * Expr::ceilDiv(Bdx * RowsPerBlock, Expr(32)) *
           OtherBlocks;
  return std::nullopt;
}

} // namespace rla
