//===- Footprint.cpp ------------------------------------------------------===//
#include "analyzer/models/Footprint.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <set>

namespace rla {
namespace {

/// Points enumerated at most when a union has no closed form.
constexpr double MaxEnumeratedPoints = double(1 << 25);
/// Largest hull (in units) whose bitmap an enumeration may use.
constexpr int64_t MaxEnumeratedHull = int64_t(1) << 28;

struct Shape {
  double Count = 1;
  int64_t Span = 1; ///< max - min + 1
  bool Contiguous = true;
  bool Exact = true;
  bool Nested = true;
};

Shape shapeOf(const LatticeSet &S) {
  auto Terms = S.Terms;
  std::sort(Terms.begin(), Terms.end());
  Shape R;
  for (const auto &[Stride, Count] : Terms) {
    if (Count <= 0)
      return {0, 0, true, true, true};
    if (Count == 1)
      continue;
    int64_t NewSpan = 0;
    if (__builtin_mul_overflow(Stride, Count - 1, &NewSpan) ||
        __builtin_add_overflow(NewSpan, R.Span, &NewSpan)) {
      // Too large to place exactly: count the points, as a bound.
      R.Count *= double(Count);
      R.Exact = R.Contiguous = R.Nested = false;
      R.Span = std::numeric_limits<int64_t>::max() / 4;
      continue;
    }
    if (Stride >= R.Span) {
      // Disjoint translates: every combination is a distinct point.
      R.Count *= double(Count);
      R.Contiguous = R.Contiguous && Stride == R.Span;
    } else if (R.Contiguous) {
      // Overlapping translates of an interval: still an interval.
      R.Count = double(NewSpan);
      R.Nested = false;
    } else {
      R.Count = std::min(R.Count * double(Count), double(NewSpan));
      R.Exact = false;
      R.Nested = false;
    }
    R.Span = NewSpan;
  }
  if (!S.Dense) {
    R.Exact = false;
  }
  return R;
}

template <typename F> void forEachPoint(const LatticeSet &S, F Visit) {
  std::vector<int64_t> K(S.Terms.size(), 0);
  for (const auto &T : S.Terms)
    if (T.second <= 0)
      return;
  while (true) {
    int64_t V = S.Base;
    for (size_t I = 0; I < K.size(); ++I)
      V += S.Terms[I].first * K[I];
    Visit(V);
    size_t I = 0;
    for (; I < K.size(); ++I) {
      if (++K[I] < S.Terms[I].second)
        break;
      K[I] = 0;
    }
    if (I == K.size())
      return;
  }
}

/// Sets bits [From, From + Count) of a bitmap, a word at a time.
void markRun(std::vector<uint64_t> &Bits, int64_t From, int64_t Count) {
  int64_t To = From + Count;
  while (From < To) {
    int64_t Word = From / 64, Bit = From % 64;
    int64_t Take = std::min<int64_t>(64 - Bit, To - From);
    uint64_t Mask = Take == 64 ? ~uint64_t(0) : ((uint64_t(1) << Take) - 1);
    Bits[static_cast<size_t>(Word)] |= Mask << Bit;
    From += Take;
  }
}

} // namespace

DistinctCount countDistinct(const LatticeSet &S) {
  Shape Sh = shapeOf(S);
  DistinctCount R;
  R.Count = Sh.Count;
  R.Exact = Sh.Exact;
  R.Rule = !Sh.Exact   ? FootprintRule::BoundPointsOrHull
           : Sh.Nested ? FootprintRule::NestedStrides
                       : FootprintRule::Contiguous;
  if (!S.Dense)
    R.Rule = FootprintRule::BoundPartialLoop;
  return R;
}

DistinctCount countUnion(const std::vector<LatticeSet> &Sets) {
  // Identical sets count once.
  std::vector<LatticeSet> Unique;
  for (const LatticeSet &S : Sets) {
    LatticeSet N = S;
    std::sort(N.Terms.begin(), N.Terms.end());
    N.Terms.erase(std::remove_if(N.Terms.begin(), N.Terms.end(),
                                 [](const auto &T) { return T.second == 1; }),
                  N.Terms.end());
    bool Seen = std::any_of(Unique.begin(), Unique.end(), [&](const auto &U) {
      return U.Base == N.Base && U.Terms == N.Terms && U.Dense == N.Dense;
    });
    if (!Seen && shapeOf(N).Count > 0)
      Unique.push_back(N);
  }
  if (Unique.empty())
    return {0, true, FootprintRule::Empty};
  if (Unique.size() == 1)
    return countDistinct(Unique.front());

  std::vector<Shape> Shapes;
  int64_t Low = Unique.front().Base, High = Low;
  double Points = 0;
  bool AllContiguous = true, AllExact = true;
  for (const LatticeSet &S : Unique) {
    Shape Sh = shapeOf(S);
    Shapes.push_back(Sh);
    Low = std::min(Low, S.Base);
    High = std::max(High, S.Base + Sh.Span - 1);
    Points += Sh.Count;
    AllContiguous &= Sh.Contiguous && Sh.Exact;
    AllExact &= Sh.Exact;
  }
  if (AllContiguous) {
    // A union of intervals: merge them.
    std::vector<std::pair<int64_t, int64_t>> Intervals;
    for (size_t I = 0; I < Unique.size(); ++I)
      Intervals.push_back({Unique[I].Base, Unique[I].Base + Shapes[I].Span});
    std::sort(Intervals.begin(), Intervals.end());
    double Total = 0;
    int64_t CurLo = Intervals.front().first, CurHi = Intervals.front().second;
    for (const auto &[Lo, Hi] : Intervals) {
      if (Lo > CurHi) {
        Total += double(CurHi - CurLo);
        CurLo = Lo;
        CurHi = Hi;
      } else {
        CurHi = std::max(CurHi, Hi);
      }
    }
    Total += double(CurHi - CurLo);
    return {Total, true, FootprintRule::UnionOfIntervals};
  }
  int64_t Hull = High - Low + 1;
  // A set that stands for a box around thread-shaped ranges is a bound
  // already: enumerating it (millions of points per launch of a size
  // sweep) would not make the count exact.
  bool AllDense = std::all_of(Unique.begin(), Unique.end(),
                              [](const LatticeSet &S) { return S.Dense; });
  if (AllDense && Points <= MaxEnumeratedPoints && Hull <= MaxEnumeratedHull) {
    std::vector<uint64_t> Seen(static_cast<size_t>(Hull / 64 + 1), 0);
    for (const LatticeSet &S : Unique) {
      // A unit-stride term marks a run of points at once (a row of a tile).
      LatticeSet Outer = S;
      int64_t Run = 1;
      auto Unit = std::find_if(Outer.Terms.begin(), Outer.Terms.end(),
                               [](const auto &T) { return T.first == 1; });
      if (Unit != Outer.Terms.end()) {
        Run = Unit->second;
        Outer.Terms.erase(Unit);
      }
      forEachPoint(Outer, [&](int64_t V) { markRun(Seen, V - Low, Run); });
    }
    double Total = 0;
    for (uint64_t W : Seen)
      Total += double(__builtin_popcountll(W));
    return {Total, true, FootprintRule::Enumerated};
  }
  return {std::min(Points, double(Hull)), false,
          FootprintRule::BoundSummedPointsOrHull};
}

namespace {

/// T, an index over whole periods of M, as its multiples of M and the
/// residues [From, To) of each period that run; Lowest moves to the first.
void splitByPeriod(const AffineTerm &T, int64_t M, int64_t Scaled, int64_t From,
                   int64_t To, int64_t &Lowest, std::vector<AffineTerm> &Out) {
  AffineTerm Multiples = T, Residues = T;
  Multiples.Stride = Scaled;
  Multiples.Lo = T.Lo / M;
  Multiples.Count = T.Count / M;
  Residues.Lo = From;
  Residues.Count = To - From;
  Lowest += T.Stride * From;
  Out.push_back(Multiples);
  Out.push_back(Residues);
}

/// Whether T runs over whole periods of M (T.Stride * M in Scaled).
bool wholePeriods(const AffineTerm &T, int64_t M, int64_t &Scaled) {
  return M > 1 && !T.Reversed && T.Lo % M == 0 && T.Count % M == 0 &&
         !__builtin_mul_overflow(T.Stride, M, &Scaled);
}

/// A's terms for its set of addresses, and its lowest address: a thread
/// index that a guard keeps to some residues (`(threadIdx.x / 32) & 1`, the
/// odd warps) is split into its multiples of the modulus and the residues
/// that run, so that the threads left out add no addresses. So is a global
/// index over whole blocks whose threads a guard narrows (`if (threadIdx.x <
/// 128)` on blockIdx.x * blockDim.x + threadIdx.x): the blocks' steps and
/// the threads that pass, not every index of the range.
std::vector<AffineTerm> addressTerms(const AffineAccess &A, int64_t &Lowest) {
  Lowest = A.Lowest;
  std::vector<AffineTerm> Out;
  for (const AffineTerm &T : A.Terms) {
    const std::optional<ResidueSet> &R =
        T.Kind == TermKind::Thread || T.Kind == TermKind::Global
            ? A.Site->ThreadResidues[T.Dim]
            : std::nullopt;
    int64_t M = R ? R->Modulus : 0, From = 0, To = 0;
    if (R && !R->Negated) {
      From = R->Residue;
      To = R->ResidueEnd;
    } else if (R && R->Residue == 0) {
      From = R->ResidueEnd;
      To = M;
    } else if (R && R->ResidueEnd == M) {
      To = R->Residue;
    }
    // The global index keeps threadIdx's residues when blocks are whole
    // multiples of the modulus.
    int64_t Scaled = 0;
    if (R && From < To && wholePeriods(T, M, Scaled) &&
        (T.Kind == TermKind::Thread || A.BlockSize[T.Dim] % M == 0)) {
      splitByPeriod(T, M, Scaled, From, To, Lowest, Out);
      continue;
    }
    int64_t Block = A.BlockSize[T.Dim];
    auto [First, End] = A.ThreadRange[T.Dim];
    End = std::min(End, Block);
    if (!R && T.Kind == TermKind::Global && (First > 0 || End < Block) &&
        First < End && wholePeriods(T, Block, Scaled)) {
      splitByPeriod(T, Block, Scaled, First, End, Lowest, Out);
      continue;
    }
    Out.push_back(T);
  }
  return Out;
}

} // namespace

FootprintResult footprintOf(const std::vector<const AffineAccess *> &Accesses) {
  FootprintResult R;
  if (Accesses.empty())
    return R;
  // Work in units of the largest common divisor of every stride, size and
  // relative base, so `float` arrays count elements, not bytes.
  int64_t Unit = 0, Ref = Accesses.front()->Affine ? Accesses.front()->Lowest
                                                   : Accesses.front()->HullLo;
  for (const AffineAccess *A : Accesses) {
    Unit = std::gcd(Unit, int64_t(A->Site->Bytes));
    Unit = std::gcd(Unit, (A->Affine ? A->Lowest : A->HullLo) - Ref);
    for (const AffineTerm &T : A->Terms)
      Unit = std::gcd(Unit, T.Stride);
  }
  if (Unit <= 0)
    Unit = 1;
  std::vector<LatticeSet> Sets;
  for (const AffineAccess *A : Accesses) {
    LatticeSet S;
    if (!A->Affine) {
      // A hull: every byte between its lowest and highest address, at most.
      S.Base = (A->HullLo - Ref) / Unit;
      S.Terms.push_back(
          {1, (A->HullHi - A->HullLo + int64_t(A->Site->Bytes)) / Unit});
      S.Dense = false;
      R.ExtentBytes =
          std::max(R.ExtentBytes, A->HullHi + int64_t(A->Site->Bytes));
      Sets.push_back(S);
      continue;
    }
    int64_t Lowest = 0;
    std::vector<AffineTerm> Terms = addressTerms(*A, Lowest);
    S.Base = (Lowest - Ref) / Unit;
    bool Empty = false;
    for (const AffineTerm &T : Terms) {
      S.Terms.push_back({T.Stride / Unit, T.Count});
      S.Dense &= T.Dense;
      Empty |= T.Count <= 0;
    }
    if (Empty)
      continue;
    if (A->Site->Bytes / Unit > 1)
      S.Terms.push_back({1, int64_t(A->Site->Bytes) / Unit});
    R.ExtentBytes = std::max(R.ExtentBytes, A->highestAddress() + 1);
    Sets.push_back(S);
  }
  DistinctCount C = countUnion(Sets);
  R.Bytes = C.Count * double(Unit);
  R.Exact = C.Exact;
  R.Rule = C.Rule;
  // One thread-shaped access (a triangular loop) that is one-to-one on its
  // box: one element per point.
  if (Accesses.size() == 1 && Accesses.front()->Points && Sets.size() == 1) {
    LatticeSet Box = Sets.front();
    Box.Dense = true;
    Shape Sh = shapeOf(Box);
    if (Sh.Nested && Sh.Exact) {
      R.Bytes = std::min(R.Bytes, *Accesses.front()->Points *
                                      double(Accesses.front()->Site->Bytes));
      R.Exact = true;
      R.Rule = FootprintRule::OnePerIteration;
      R.ByPoints = true;
    }
  }
  return R;
}

FootprintResult
sectorFootprintOf(const std::vector<const AffineAccess *> &Accesses,
                  int64_t Sector) {
  FootprintResult Bytes = footprintOf(Accesses);
  std::vector<LatticeSet> Sets;
  bool Exact = Bytes.Exact;
  for (const AffineAccess *A : Accesses) {
    if (!A->Affine)
      return Bytes; // a hull already counts every byte between its ends
    // The fine terms (stride below a sector) and the element make one run
    // per point of the coarse terms.
    int64_t Run = int64_t(A->Site->Bytes);
    LatticeSet S;
    bool Empty = false;
    int64_t Lowest = 0;
    std::vector<AffineTerm> Terms = addressTerms(*A, Lowest);
    for (const AffineTerm &T : Terms) {
      Empty |= T.Count <= 0;
      if (T.Stride < Sector) {
        Run += (T.Count - 1) * T.Stride;
        continue;
      }
      if (T.Stride % Sector != 0)
        Exact = false; // runs fall at different offsets within sectors
      S.Terms.push_back({std::max<int64_t>(1, T.Stride / Sector), T.Count});
      S.Dense &= T.Dense;
    }
    if (Empty)
      continue;
    int64_t Offset = Lowest % Sector;
    if (Offset < 0)
      Offset += Sector;
    int64_t RunSectors = (Offset + Run + Sector - 1) / Sector;
    if (Exact && Offset + Run > RunSectors * Sector)
      Exact = false;
    S.Base = Lowest >= 0 ? Lowest / Sector : -((-Lowest) / Sector);
    if (RunSectors > 1)
      S.Terms.push_back({1, RunSectors});
    Sets.push_back(S);
  }
  DistinctCount C = countUnion(Sets);
  // A thread-shaped set counted by its points: its box's sectors per byte
  // applied to the bytes it really touches (a bound).
  if (Bytes.ByPoints) {
    FootprintResult Box = Bytes;
    std::vector<AffineAccess> Copy;
    for (const AffineAccess *A : Accesses) {
      Copy.push_back(*A);
      Copy.back().Points.reset();
    }
    std::vector<const AffineAccess *> Ptrs;
    for (const AffineAccess &A : Copy)
      Ptrs.push_back(&A);
    FootprintResult BoxBytes = footprintOf(Ptrs);
    double Ratio =
        BoxBytes.Bytes > 0
            ? std::max(1.0, C.Count * double(Sector) / BoxBytes.Bytes)
            : 1.0;
    Box.Bytes = Bytes.Bytes * Ratio;
    Box.Exact = false;
    Box.SectorsAsBox = true;
    return Box;
  }
  FootprintResult R = Bytes;
  double Extent =
      Bytes.ExtentBytes > 0
          ? double((Bytes.ExtentBytes + Sector - 1) / Sector) * Sector
          : C.Count * Sector;
  R.Bytes = std::max(Bytes.Bytes, std::min(C.Count * double(Sector), Extent));
  R.Exact = Exact && C.Exact;
  R.Rule = C.Rule;
  return R;
}

} // namespace rla
