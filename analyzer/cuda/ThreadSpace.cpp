//===- ThreadSpace.cpp ----------------------------------------------------===//
#include "analyzer/cuda/ThreadSpace.h"
#include "analyzer/ir/KernelModel.h"

namespace rla {

void IndexInterval::intersect(const std::optional<Expr> &NewLo,
                              bool NewLoInside,
                              const std::optional<Expr> &NewHi,
                              bool NewHiInside) {
  if (NewLo) {
    LoInside = Lo ? (LoInside || NewLoInside) : NewLoInside;
    Lo = Lo ? Expr::max(*Lo, *NewLo) : *NewLo;
  }
  if (NewHi) {
    HiInside = Hi ? (HiInside || NewHiInside) : NewHiInside;
    Hi = Hi ? Expr::min(*Hi, *NewHi) : *NewHi;
  }
}

ThreadSpace::ThreadSpace() {
  for (unsigned D = 0; D < 3; ++D) {
    Extent[D] = Expr::symbol(dimSymbol("gridDim", D)) *
                Expr::symbol(dimSymbol("blockDim", D));
    ThreadExtent[D] = Expr::symbol(dimSymbol("blockDim", D));
    BlockExtent[D] = Expr::symbol(dimSymbol("gridDim", D));
  }
}

bool ThreadSpace::enterBlockGridStride(unsigned Dim, const Expr &Bound) {
  if (BlockC[Dim].constrained() || GlobalC[Dim].constrained() ||
      BlockGridStride[Dim] || GridStride[Dim])
    return false;
  BlockExtent[Dim] = Bound;
  BlockGridStride[Dim] = true;
  // blockIdx * blockDim + threadIdx now runs over the iterations' threads.
  Extent[Dim] = Bound * ThreadExtent[Dim];
  return true;
}

bool ThreadSpace::enterBlockStride(unsigned Dim, const Expr &Bound) {
  if (ThreadC[Dim].constrained() || GlobalC[Dim].constrained())
    return false;
  ThreadExtent[Dim] = Bound;
  BlockStride[Dim] = true;
  return true;
}

void ThreadSpace::constrain(IndexKind Kind, unsigned Dim,
                            const std::optional<Expr> &Lo,
                            const std::optional<Expr> &Hi, bool HiInside,
                            bool LoInside) {
  switch (Kind) {
  case IndexKind::Global:
    GlobalC[Dim].intersect(Lo, LoInside, Hi, HiInside);
    break;
  case IndexKind::Thread:
    ThreadC[Dim].intersect(Lo, LoInside, Hi, HiInside);
    break;
  case IndexKind::Block:
    BlockC[Dim].intersect(Lo, LoInside, Hi, HiInside);
    break;
  }
}

bool ThreadSpace::enterFlatBlockStride(unsigned Dims, const Expr &Bound) {
  for (unsigned D = 0; D < Dims; ++D)
    if (ThreadC[D].constrained() || GlobalC[D].constrained() ||
        BlockStride[D] || GridStride[D])
      return false;
  for (unsigned D = 0; D < Dims; ++D) {
    ThreadExtent[D] = D == 0 ? Bound : Expr(1);
    BlockStride[D] = true;
  }
  return true;
}

bool ThreadSpace::enterGridStride(unsigned Dim, const Expr &Bound,
                                  std::optional<Rational> Tile,
                                  std::optional<Rational> Group) {
  if (GlobalC[Dim].constrained())
    return false;
  Extent[Dim] = Bound;
  GridStride[Dim] = true;
  StrideTile[Dim] = Tile;
  StrideGroup[Dim] = Group;
  return true;
}

bool ThreadSpace::groupGridStride(unsigned Dim, const Rational &Width) {
  if (!GridStride[Dim] || StrideTile[Dim] || !Width.isInteger())
    return false;
  if (StrideGroup[Dim])
    return (*StrideGroup[Dim] / Width).isInteger();
  StrideGroup[Dim] = Width;
  return true;
}

const IndexInterval &ThreadSpace::interval(IndexKind Kind, unsigned Dim) const {
  return const_cast<ThreadSpace *>(this)->intervalRef(Kind, Dim);
}

IndexInterval &ThreadSpace::intervalRef(IndexKind Kind, unsigned Dim) {
  switch (Kind) {
  case IndexKind::Global:
    return GlobalC[Dim];
  case IndexKind::Thread:
    return ThreadC[Dim];
  case IndexKind::Block:
    break;
  }
  return BlockC[Dim];
}

bool ThreadSpace::constrainModulo(IndexKind Kind, unsigned Dim,
                                  const Rational &Modulus,
                                  const Rational &Residue, bool Negated) {
  return constrainModuloRange(Kind, Dim, Modulus, Residue,
                              Residue + Rational(1), Negated);
}

namespace {

/// The residues [Residue, ResidueEnd) of Modulus, or the others when
/// Negated, as one interval; nullopt when the others are two.
std::optional<std::pair<Rational, Rational>>
residueInterval(const Rational &Modulus, const Rational &Residue,
                const Rational &ResidueEnd, bool Negated) {
  if (!Negated)
    return std::make_pair(Residue, ResidueEnd);
  if (Residue == Rational(0))
    return std::make_pair(ResidueEnd, Modulus);
  if (ResidueEnd == Modulus)
    return std::make_pair(Rational(0), Residue);
  return std::nullopt;
}

} // namespace

bool ThreadSpace::constrainModuloRange(IndexKind Kind, unsigned Dim,
                                       const Rational &Modulus,
                                       const Rational &Residue,
                                       const Rational &ResidueEnd,
                                       bool Negated) {
  IndexInterval &Held = intervalRef(Kind, Dim);
  if (Held.Modulus && *Held.Modulus == Modulus && !Held.SymbolicResidueEnd) {
    // A second test of the same residue (`x / 4 == 1` on x = tid % 72 is
    // 4 <= x and x < 8): the residues both allow, when they are one run.
    auto Old = residueInterval(Modulus, Held.Residue, Held.ResidueEnd,
                               Held.ModNegated);
    auto New = residueInterval(Modulus, Residue, ResidueEnd, Negated);
    if (!Old || !New)
      return false;
    Rational Lo = Old->first < New->first ? New->first : Old->first;
    Rational Hi = Old->second < New->second ? Old->second : New->second;
    Held.Residue = Lo;
    Held.ResidueEnd = Hi < Lo ? Lo : Hi;
    Held.ModNegated = false;
    return true;
  }
  if (!constrainSymbolicModulo(Kind, Dim, Expr(Modulus), Residue, ResidueEnd,
                               Negated))
    return false;
  // A constant modulus is kept as a number: the warp and lane rules read it.
  IndexInterval &I = intervalRef(Kind, Dim);
  I.SymbolicModulus.reset();
  I.Modulus = Modulus;
  return true;
}

bool ThreadSpace::constrainModuloBelow(IndexKind Kind, unsigned Dim,
                                       const Rational &Modulus, const Expr &End,
                                       bool Negated) {
  IndexInterval &I = intervalRef(Kind, Dim);
  if (I.modular())
    return false;
  I.Modulus = Modulus;
  I.Residue = Rational(0);
  I.ResidueEnd = Modulus;
  I.SymbolicResidueEnd = End;
  I.ModNegated = Negated;
  return true;
}

bool ThreadSpace::constrainSymbolicModulo(IndexKind Kind, unsigned Dim,
                                          const Expr &Modulus,
                                          const Rational &Residue,
                                          const Rational &ResidueEnd,
                                          bool Negated) {
  IndexInterval &I = intervalRef(Kind, Dim);
  if (I.modular())
    return false;
  I.SymbolicModulus = Modulus;
  I.Residue = Residue;
  I.ResidueEnd = ResidueEnd;
  I.ModNegated = Negated;
  return true;
}

namespace {

/// Lo and Hi moved into [0, Extent]; Hi may still lie below Lo.
std::pair<Expr, Expr> clampedEnds(const IndexInterval &I, const Expr &Extent) {
  Expr Upper = !I.Hi ? Extent : I.HiInside ? *I.Hi : Expr::min(*I.Hi, Extent);
  Expr Lower = !I.Lo ? Expr(0) : I.LoInside ? *I.Lo : Expr::max(*I.Lo, Expr(0));
  return {Lower, Upper};
}

/// [Lo, Hi) clipped to [0, Extent), as the two ends of a sum.
std::pair<Expr, Expr> clippedEnds(const IndexInterval &I, const Expr &Extent) {
  auto [Lower, Upper] = clampedEnds(I, Extent);
  return {Lower, Expr::max(Lower, Upper)};
}

} // namespace

IndexBounds ThreadSpace::bounds(IndexKind Kind, unsigned Dim) const {
  Expr Ext = Kind == IndexKind::Global   ? Extent[Dim]
             : Kind == IndexKind::Thread ? ThreadExtent[Dim]
                                         : BlockExtent[Dim];
  auto [Lo, Hi] = clampedEnds(interval(Kind, Dim), Ext);
  return {Lo, Hi};
}

Expr clippedLength(const IndexInterval &I, const Expr &Extent) {
  auto [Lower, Upper] = clampedEnds(I, Extent);
  Expr Length = Upper - Lower;
  if (!Length.isProvablyNonNegativeRelaxed())
    Length = Expr::max(Expr(0), Length);
  if (!I.modular())
    return Length;
  Expr C = I.modulus(), R(I.Residue);
  Expr Matching;
  if (I.SymbolicResidueEnd) {
    // x % c in [0, w): F(n) = floor(n/c) * w + min(w, n % c) values below n.
    Expr Width = Expr::min(C, Expr::max(Expr(0), *I.SymbolicResidueEnd - R));
    auto below = [&](const Expr &N) {
      return Expr::floorDiv(N, C) * Width +
             Expr::min(Width, Expr::max(Expr(0), Expr::mod(N, C) - R));
    };
    Matching = below(Upper) - below(Lower);
  } else if (I.ResidueEnd == I.Residue + Rational(1)) {
    // x in [Lower, Upper) with x % c == r: ceil((Upper-r)/c) -
    // ceil((Lower-r)/c).
    Matching = Expr::ceilDiv(Upper - R, C) - Expr::ceilDiv(Lower - R, C);
  } else {
    // x % c in [a, b): F(n) = floor(n/c) * (b-a) + clamp(n % c - a, 0, b-a)
    // values below n, so F(Upper) - F(Lower).
    Expr Width(I.ResidueEnd - I.Residue);
    auto below = [&](const Expr &N) {
      return Expr::floorDiv(N, C) * Width +
             Expr::min(Width, Expr::max(Expr(0), Expr::mod(N, C) - R));
    };
    Matching = below(Upper) - below(Lower);
  }
  if (!Matching.isProvablyNonNegativeRelaxed())
    Matching = Expr::max(Expr(0), Matching);
  return I.ModNegated ? Length - Matching : Matching;
}

Expr tiledStrideLength(const IndexInterval &I, const Expr &Extent,
                       const Rational &Tile, const Expr &BlockDim) {
  // blockDim iterations per whole T-wide tile, and the partial last tile's
  // first ones: exact for blockDim <= T. Wider blocks repeat the next tile's
  // first elements, about blockDim/T passes over the data (BindStage warns).
  auto [Lower, Upper] = clippedEnds(I, Extent);
  Expr T(Tile);
  auto below = [&](const Expr &N) {
    return Expr::floorDiv(N, T) * BlockDim +
           Expr::min(BlockDim, Expr::mod(N, T));
  };
  return Lower.isZero() ? below(Upper) : below(Upper) - below(Lower);
}

ExprRange ThreadSpace::countDim(unsigned D, std::optional<Note> *Reason) const {
  const Expr &GridDim = BlockExtent[D];
  const Expr &BlockDim = ThreadExtent[D];
  // Thread and Block coordinates are independent of each other.
  Expr Local =
      clippedLength(ThreadC[D], BlockDim) * clippedLength(BlockC[D], GridDim);
  bool LocalConstrained = ThreadC[D].constrained() || BlockC[D].constrained();
  if (GridStride[D]) {
    // Each iteration of a grid-stride loop stands for one point; guards on
    // threadIdx/blockIdx no longer say which iterations run.
    Expr Global = clippedLength(GlobalC[D], Extent[D]);
    if (StrideTile[D] && !LocalConstrained) {
      if (GlobalC[D].modular()) {
        if (Reason)
          *Reason = note(NoteId::ModularGuardInTiledGridStride);
        return ExprRange(Expr(0), Global);
      }
      return tiledStrideLength(GlobalC[D], Extent[D], *StrideTile[D], BlockDim);
    }
    if (!LocalConstrained)
      return Global;
    // A lane guard in a loop of W-thread groups: the point's lane is its
    // threadIdx mod W (blocks hold whole groups), the same lane of each.
    const IndexInterval &T = ThreadC[D];
    if (StrideGroup[D] && T.Modulus && !T.Lo && !T.Hi &&
        !BlockC[D].constrained() && !GlobalC[D].modular() &&
        (*StrideGroup[D] / *T.Modulus).isInteger()) {
      IndexInterval Lanes = GlobalC[D];
      Lanes.Modulus = T.Modulus;
      Lanes.Residue = T.Residue;
      Lanes.ResidueEnd = T.ResidueEnd;
      Lanes.SymbolicResidueEnd = T.SymbolicResidueEnd;
      Lanes.ModNegated = T.ModNegated;
      return clippedLength(Lanes, Extent[D]);
    }
    if (Reason)
      *Reason = note(NoteId::LocalGuardInGridStride);
    return ExprRange(Expr(0), Global);
  }
  if (!GlobalC[D].constrained())
    return Local;
  if (BlockStride[D]) {
    // The iterations of a block-stride loop are not threads: a guard on the
    // global index only says some of them may not run.
    if (Reason)
      *Reason = note(NoteId::GlobalGuardInBlockStride);
    return ExprRange(Expr(0), Local);
  }
  Expr Global = clippedLength(GlobalC[D], Extent[D]);
  if (!LocalConstrained)
    return Global;
  if (!BlockC[D].constrained() && !GlobalC[D].modular()) {
    // A guard on threadIdx alone (`lane == 0`, `threadIdx.x < 16`) under one
    // on the global index: g in [Lo, Hi) runs threadIdx = g mod blockDim, so
    // whole blocks count |threads| each, plus a partial block's first ones.
    IndexInterval InPartialBlock = ThreadC[D];
    InPartialBlock.HiInside = false; // proven against blockDim, not less
    auto threadsBefore = [&](const Expr &X) {
      return Expr::floorDiv(X, BlockDim) * clippedLength(ThreadC[D], BlockDim) +
             clippedLength(InPartialBlock, Expr::mod(X, BlockDim));
    };
    auto [Lo, Hi] = clippedEnds(GlobalC[D], Extent[D]);
    return Lo.isZero() ? threadsBefore(Hi)
                       : threadsBefore(Hi) - threadsBefore(Lo);
  }
  // Both: |A ∩ B| lies in [max(0, |A| + |B| - |U|), min(|A|, |B|)].
  if (Reason)
    *Reason = note(NoteId::GlobalAndLocalGuards);
  return ExprRange(Expr::max(Expr(0), Global + Local - Extent[D]),
                   Expr::min(Global, Local));
}

Expr ThreadSpace::warpCount() const {
  const Rational WarpSize(32);
  const IndexInterval &X = ThreadC[0];
  bool Warpwise = (X.Lo || X.Hi) && !GlobalC[0].constrained() &&
                  !GridStride[0] && !BlockStride[0];
  // A lane guard in a loop of warp-wide groups: each group's lanes that pass
  // are in one warp.
  if (GridStride[0] && StrideGroup[0] && *StrideGroup[0] == WarpSize &&
      X.Modulus && *X.Modulus == WarpSize && !X.Lo && !X.Hi &&
      !X.SymbolicResidueEnd) {
    Rational Lanes = X.ResidueEnd - X.Residue;
    if (X.ModNegated)
      Lanes = WarpSize - Lanes;
    if (Rational(0) < Lanes)
      return count().High * Expr(Rational(1) / Lanes);
  }
  // A modular guard on threadIdx.x alone (`tid % (2 * s) == 0`, `lane ==
  // 0`): a warp runs whenever one of its lanes passes, so a modulus of 32
  // or less keeps every warp busy, and a larger one every warp that holds
  // a passing residue (ceil(width / 32) warps per period).
  if (X.modular() && !X.Lo && !X.Hi && !GlobalC[0].constrained() &&
      !GridStride[0] && !BlockStride[0]) {
    Expr BlockWarps = Expr::ceilDiv(ThreadExtent[0], Expr(WarpSize));
    Expr Warps = BlockWarps;
    if (!X.ModNegated) {
      Expr Width = X.SymbolicResidueEnd
                       ? Expr::min(X.modulus(),
                                   Expr::max(Expr(0), *X.SymbolicResidueEnd))
                       : Expr(X.ResidueEnd - X.Residue);
      Expr Periods = Expr::ceilDiv(
          Expr::max(ThreadExtent[0] - Expr(X.Residue), Expr(0)), X.modulus());
      Expr PerPeriod = Expr::ceilDiv(Width, Expr(WarpSize));
      Warps = Expr::min(BlockWarps, Periods * PerPeriod);
    }
    Expr RowShare = Expr::min(ThreadExtent[0], Expr(WarpSize)) *
                    Expr(Rational(1) / WarpSize);
    Expr Total = Warps * RowShare * clippedLength(BlockC[0], BlockExtent[0]);
    for (unsigned D = 1; D < 3; ++D)
      Total = Total * countDim(D).High;
    return Total;
  }
  if (!Warpwise)
    return count().High * Expr(Rational(1) / WarpSize);
  // The warps [Lo, Hi) touches in its row, and a row of blockDim.x < 32
  // threads is that share of a warp.
  auto [Lo, Hi] = clippedEnds(X, ThreadExtent[0]);
  // No more warps than threads: an empty range touches none.
  Expr Warps = Expr::min(Hi - Lo, Expr::ceilDiv(Hi, Expr(WarpSize)) -
                                      Expr::floorDiv(Lo, Expr(WarpSize)));
  Expr RowShare =
      Expr::min(ThreadExtent[0], Expr(WarpSize)) * Expr(Rational(1) / WarpSize);
  Expr Total = Warps * RowShare * clippedLength(BlockC[0], BlockExtent[0]);
  for (unsigned D = 1; D < 3; ++D)
    Total = Total * countDim(D).High;
  return Total;
}

std::optional<ExprRange> ThreadSpace::sumOverPoints(const Expr &F) const {
  int Dim = -1;
  for (unsigned D = 0; D < 3; ++D)
    if (F.dependsOn(dimSymbol("threadIdx", D)) ||
        F.dependsOn(dimSymbol("blockIdx", D))) {
      if (Dim >= 0)
        return std::nullopt;
      Dim = static_cast<int>(D);
    }
  if (Dim < 0) {
    ExprRange N = count();
    return ExprRange(N.Low * F, N.High * F);
  }
  unsigned D = static_cast<unsigned>(Dim);
  Expr Tid = Expr::symbol(dimSymbol("threadIdx", D));
  Expr Bid = Expr::symbol(dimSymbol("blockIdx", D));
  Expr BlockDim = Expr::symbol(dimSymbol("blockDim", D));
  const Expr &GridDim = BlockExtent[D];
  if (GridStride[D] && StrideGroup[D] && StrideGroup[D]->isInteger() &&
      !GlobalC[D].constrained() && !ThreadC[D].constrained() &&
      !BlockC[D].constrained() && !F.dependsOn(Bid.asSymbol().value())) {
    // A loop of W-thread groups over every point: F of the lane alone
    // (`for (c = lane; c < cols; c += 32)`) is each group's lanes' sum,
    // once per group (blocks hold whole groups, so threadIdx % W is the
    // lane).
    int64_t W = static_cast<int64_t>(StrideGroup[D]->num());
    const std::string Group = "%group", Lane = "%lane";
    Expr OfLane = F.splitIndex(Tid.asSymbol().value(), W, Group, Lane);
    if (OfLane.dependsOn(Group) || OfLane.dependsOn(Tid.asSymbol().value()))
      return std::nullopt;
    Expr Groups = Extent[D] * Expr(Rational(1) / *StrideGroup[D]);
    Expr PerGroup = Expr::sum(Lane, Expr(0), Expr(W), OfLane);
    return timesOtherDims(Groups * PerGroup, D);
  }
  if (GridStride[D] || GlobalC[D].modular() || ThreadC[D].modular() ||
      BlockC[D].modular())
    return std::nullopt;
  Expr Sum;
  // The global index g = blockIdx*blockDim + threadIdx, when F uses only g.
  const std::string G = "%g";
  Expr AsGlobal =
      F.substitute(Tid.asSymbol().value(), Expr::symbol(G) - Bid * BlockDim);
  bool LocalConstrained = ThreadC[D].constrained() || BlockC[D].constrained();
  // Inside a block-stride loop threadIdx stands for iterations past
  // blockDim: only the double sum over thread and block holds.
  if (!AsGlobal.dependsOn(Bid.asSymbol().value()) && !BlockStride[D]) {
    if (LocalConstrained)
      return std::nullopt;
    auto [Lo, Hi] = clippedEnds(GlobalC[D], Extent[D]);
    Sum = Expr::sum(G, Lo, Hi, AsGlobal);
  } else if (GlobalC[D].constrained() && !LocalConstrained && !BlockStride[D] &&
             !BlockGridStride[D] && !F.dependsOn(Bid.asSymbol().value())) {
    // F depends on threadIdx alone (a lane, `threadIdx.x % 32`) under a
    // guard on the global index: g in [Lo, Hi) runs threadIdx = g mod
    // blockDim, so the sum is whole blocks times one block's sum plus the
    // first threads of a partial block.
    const std::string T = "%t";
    Expr PerThread = F.substitute(Tid.asSymbol().value(), Expr::symbol(T));
    Expr WholeBlock = Expr::sum(T, Expr(0), BlockDim, PerThread);
    auto threadsBefore = [&](const Expr &X) {
      return Expr::floorDiv(X, BlockDim) * WholeBlock +
             Expr::sum(T, Expr(0), Expr::mod(X, BlockDim), PerThread);
    };
    auto [Lo, Hi] = clippedEnds(GlobalC[D], Extent[D]);
    Sum =
        Lo.isZero() ? threadsBefore(Hi) : threadsBefore(Hi) - threadsBefore(Lo);
  } else {
    if (GlobalC[D].constrained())
      return std::nullopt;
    // Independent thread and block coordinates: a double sum.
    const std::string T = "%t", B = "%b";
    Expr Inner = F.substitute({{Tid.asSymbol().value(), Expr::symbol(T)},
                               {Bid.asSymbol().value(), Expr::symbol(B)}});
    auto [TLo, THi] = clippedEnds(ThreadC[D], ThreadExtent[D]);
    auto [BLo, BHi] = clippedEnds(BlockC[D], GridDim);
    Sum = Expr::sum(B, BLo, BHi, Expr::sum(T, TLo, THi, Inner));
  }
  return timesOtherDims(Sum, D);
}

std::optional<Expr> ThreadSpace::sumOverWarps(const Expr &F) const {
  for (unsigned D = 0; D < 3; ++D)
    if (F.dependsOn(dimSymbol("blockIdx", D)) ||
        (D > 0 && F.dependsOn(dimSymbol("threadIdx", D))))
      return std::nullopt;
  if (GridStride[0] || BlockStride[0] || BlockGridStride[0] ||
      ThreadC[0].constrained() || GlobalC[0].constrained() ||
      BlockC[0].constrained())
    return std::nullopt;
  const int64_t WarpSize = 32;
  const std::string Tid = dimSymbol("threadIdx", 0);
  const std::string Warp = "%warp", Lane = "%lane";
  Expr Split = F.splitIndex(Tid, WarpSize, Warp, Lane);
  if (Split.dependsOn(Tid))
    return std::nullopt;
  Expr Busiest = Expr::max(Split.substitute(Lane, Expr(0)),
                           Split.substitute(Lane, Expr(WarpSize - 1)));
  Expr Warps = Expr::ceilDiv(ThreadExtent[0], Expr(WarpSize));
  // A row of blockDim.x < 32 threads is that share of a warp.
  Expr RowShare =
      Expr::min(ThreadExtent[0], Expr(WarpSize)) * Expr(Rational(1, WarpSize));
  Expr PerRow = Expr::sum(Warp, Expr(0), Warps, Busiest) * RowShare;
  return timesOtherDims(PerRow * BlockExtent[0], 0).High;
}

ExprRange ThreadSpace::timesOtherDims(const Expr &Sum, unsigned D) const {
  ExprRange Total(Sum);
  for (unsigned Other = 0; Other < 3; ++Other) {
    if (Other == D)
      continue;
    ExprRange C = countDim(Other);
    Total = ExprRange(Total.Low * C.Low, Total.High * C.High);
  }
  return Total;
}

ExprRange ThreadSpace::count(std::optional<Note> *Reason) const {
  ExprRange Total(Expr(1));
  for (unsigned D = 0; D < 3; ++D) {
    ExprRange Dim = countDim(D, Reason);
    Total = ExprRange(Total.Low * Dim.Low, Total.High * Dim.High);
  }
  return Total;
}

} // namespace rla
