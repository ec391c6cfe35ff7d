//===- ThreadSpaceTest.cpp - Counting the threads that pass guards --------===//
///
/// Every count is checked twice: against the expected formula, and against a
/// brute-force walk over every thread of small concrete launches.
//===----------------------------------------------------------------------===//
#include "analyzer/cuda/ThreadSpace.h"
#include "ExprFixtures.h"
#include "analyzer/ir/KernelModel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

using namespace rla;

namespace {

using rla::fixtures::sym;

using Dim3 = std::array<int64_t, 3>;

/// A concrete launch: grid and block sizes in x, y, z.
struct Launch {
  Dim3 Grid;
  Dim3 Block;
};

/// The coordinates of one thread, per dimension.
struct ThreadCoords {
  Dim3 Global; ///< blockIdx * blockDim + threadIdx
  Dim3 Thread; ///< threadIdx
  Dim3 Block;  ///< blockIdx
};

/// How many points one thread contributes (0 or 1 for a guard, the number
/// of its iterations for a stride loop).
using Weight = std::function<int64_t(const ThreadCoords &)>;

/// Sums W over every thread of L.
int64_t bruteForce(const Launch &L, const Weight &W) {
  int64_t Sum = 0;
  ThreadCoords C;
  for (C.Block[2] = 0; C.Block[2] < L.Grid[2]; ++C.Block[2])
    for (C.Block[1] = 0; C.Block[1] < L.Grid[1]; ++C.Block[1])
      for (C.Block[0] = 0; C.Block[0] < L.Grid[0]; ++C.Block[0])
        for (C.Thread[2] = 0; C.Thread[2] < L.Block[2]; ++C.Thread[2])
          for (C.Thread[1] = 0; C.Thread[1] < L.Block[1]; ++C.Thread[1])
            for (C.Thread[0] = 0; C.Thread[0] < L.Block[0]; ++C.Thread[0]) {
              for (unsigned D = 0; D < 3; ++D)
                C.Global[D] = C.Block[D] * L.Block[D] + C.Thread[D];
              Sum += W(C);
            }
  return Sum;
}

/// The launch dimensions of L plus Extra as symbol bindings.
Bindings bindings(const Launch &L, const Bindings &Extra = {}) {
  Bindings B = Extra;
  for (unsigned D = 0; D < 3; ++D) {
    B[dimSymbol("gridDim", D)] = L.Grid[D];
    B[dimSymbol("blockDim", D)] = L.Block[D];
  }
  return B;
}

/// The integer value of E under B, which must evaluate cleanly.
int64_t intValueOf(const Expr &E, const Bindings &B) {
  EvalResult R = E.evaluate(B);
  EXPECT_TRUE(R.ok()) << E.str();
  if (!R.ok())
    return -1;
  EXPECT_TRUE(R.Value->isInteger()) << E.str() << " = " << R.Value->str();
  return static_cast<int64_t>(R.Value->num());
}

/// Expects an exact count equal to the brute-force one.
void expectExactCount(const ThreadSpace &Space, const Launch &L,
                      const Bindings &Extra, const Weight &W) {
  std::optional<Note> Reason;
  ExprRange Count = Space.count(&Reason);
  ASSERT_TRUE(Count.isExact()) << Count.Low.str() << " .. " << Count.High.str();
  EXPECT_FALSE(Reason) << int(Reason->Id);
  Bindings B = bindings(L, Extra);
  EXPECT_EQ(intValueOf(Count.Low, B), bruteForce(L, W))
      << Count.Low.str() << " for grid " << L.Grid[0] << "x" << L.Grid[1] << "x"
      << L.Grid[2] << " block " << L.Block[0] << "x" << L.Block[1] << "x"
      << L.Block[2];
}

Expr gridDim(unsigned D) { return sym(dimSymbol("gridDim", D)); }
Expr blockDim(unsigned D) { return sym(dimSymbol("blockDim", D)); }

/// gridDim.d * blockDim.d for the dimensions other than Skip.
Expr otherDims(unsigned Skip) {
  Expr Product(1);
  for (unsigned D = 0; D < 3; ++D)
    if (D != Skip)
      Product = Product * gridDim(D) * blockDim(D);
  return Product;
}

const std::vector<Launch> &smallLaunches() {
  static const std::vector<Launch> Launches = {
      {{1, 1, 1}, {1, 1, 1}}, {{3, 1, 1}, {4, 1, 1}}, {{2, 2, 1}, {5, 3, 1}},
      {{4, 1, 2}, {3, 2, 2}}, {{1, 3, 2}, {8, 1, 1}}, {{5, 2, 1}, {2, 1, 3}}};
  return Launches;
}

Rational value(int64_t V) { return Rational(V); }

TEST(ThreadSpaceTest, UnconstrainedCountsEveryThreadOfEveryDimension) {
  ThreadSpace Space;
  ExprRange Count = Space.count();
  ASSERT_TRUE(Count.isExact());
  EXPECT_EQ(Count.Low, gridDim(0) * blockDim(0) * gridDim(1) * blockDim(1) *
                           gridDim(2) * blockDim(2));
  for (unsigned D = 0; D < 3; ++D) {
    EXPECT_EQ(Space.countDim(D).Low, gridDim(D) * blockDim(D));
    EXPECT_EQ(Space.globalExtent(D), gridDim(D) * blockDim(D));
    EXPECT_FALSE(Space.inGridStride(D));
    EXPECT_FALSE(Space.interval(IndexKind::Global, D).constrained());
  }
  EXPECT_EQ(intValueOf(Count.Low, bindings({{2, 3, 4}, {5, 6, 7}})), 5040);
  for (const Launch &L : smallLaunches())
    expectExactCount(Space, L, {}, [](const ThreadCoords &) { return 1; });
}

TEST(ThreadSpaceTest, GlobalUpperBoundIsMinOfBoundAndExtent) {
  // if (i < n), i = blockIdx.x * blockDim.x + threadIdx.x
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("n"));
  EXPECT_TRUE(Space.interval(IndexKind::Global, 0).constrained());
  ExprRange X = Space.countDim(0);
  ASSERT_TRUE(X.isExact());
  EXPECT_EQ(X.Low, Expr::min(sym("n"), blockDim(0) * gridDim(0)));
  EXPECT_EQ(Space.count().Low, X.Low * otherDims(0));

  Launch Grid4x256{{4, 1, 1}, {256, 1, 1}};
  EXPECT_EQ(intValueOf(X.Low, bindings(Grid4x256, {{"n", value(1000)}})), 1000);
  EXPECT_EQ(intValueOf(X.Low, bindings(Grid4x256, {{"n", value(5000)}})), 1024);
  EXPECT_EQ(intValueOf(X.Low, bindings(Grid4x256, {{"n", value(1024)}})), 1024);
  EXPECT_EQ(intValueOf(X.Low, bindings(Grid4x256, {{"n", value(0)}})), 0);

  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 1, 2, 5, 11, 12, 13, 40})
      expectExactCount(Space, L, {{"n", value(N)}},
                       [N](const ThreadCoords &C) { return C.Global[0] < N; });
}

TEST(ThreadSpaceTest, GlobalOpenIntervalNeverGoesNegative) {
  // if (i > 0 && i < n - 1): interior points of a stencil.
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, Expr(1), sym("n") - 1);
  ExprRange X = Space.countDim(0);
  ASSERT_TRUE(X.isExact());

  Launch Covering{{4, 1, 1}, {256, 1, 1}};
  EXPECT_EQ(intValueOf(X.Low, bindings(Covering, {{"n", value(1000)}})), 998);
  EXPECT_EQ(intValueOf(X.Low, bindings(Covering, {{"n", value(3)}})), 1);
  EXPECT_EQ(intValueOf(X.Low, bindings(Covering, {{"n", value(2)}})), 0);
  EXPECT_EQ(intValueOf(X.Low, bindings(Covering, {{"n", value(1)}})), 0);
  EXPECT_EQ(intValueOf(X.Low, bindings(Covering, {{"n", value(0)}})), 0);
  // The grid does not cover n: threads 1 .. 1023 pass.
  EXPECT_EQ(intValueOf(X.Low, bindings(Covering, {{"n", value(5000)}})), 1023);

  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 1, 2, 3, 7, 12, 13, 14, 50})
      expectExactCount(Space, L, {{"n", value(N)}}, [N](const ThreadCoords &C) {
        return C.Global[0] > 0 && C.Global[0] < N - 1;
      });
}

TEST(ThreadSpaceTest, LowerBoundBelowZeroIsClamped) {
  // if (i >= n - 4 && i < n): the last four elements, fewer when n < 4.
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, sym("n") - 4, sym("n"));
  Launch Covering{{2, 1, 1}, {64, 1, 1}};
  EXPECT_EQ(intValueOf(Space.countDim(0).Low,
                       bindings(Covering, {{"n", value(100)}})),
            4);
  EXPECT_EQ(
      intValueOf(Space.countDim(0).Low, bindings(Covering, {{"n", value(2)}})),
      2);
  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 1, 2, 3, 4, 5, 12, 14, 20})
      expectExactCount(Space, L, {{"n", value(N)}}, [N](const ThreadCoords &C) {
        return C.Global[0] >= N - 4 && C.Global[0] < N;
      });
}

TEST(ThreadSpaceTest, FirstThreadOfEachBlock) {
  // if (threadIdx.x == 0)
  ThreadSpace Space;
  Space.constrain(IndexKind::Thread, 0, Expr(0), Expr(1));
  ExprRange X = Space.countDim(0);
  ASSERT_TRUE(X.isExact());
  EXPECT_EQ(intValueOf(X.Low, bindings({{7, 1, 1}, {128, 1, 1}})), 7);
  EXPECT_EQ(intValueOf(X.Low, bindings({{7, 1, 1}, {1, 1, 1}})), 7);
  for (const Launch &L : smallLaunches())
    expectExactCount(Space, L, {},
                     [](const ThreadCoords &C) { return C.Thread[0] == 0; });

  // With both ends proven inside the block, no clamp remains.
  ThreadSpace Inside;
  Inside.constrain(IndexKind::Thread, 0, Expr(0), Expr(1), /*HiInside=*/true,
                   /*LoInside=*/true);
  EXPECT_EQ(Inside.countDim(0).Low, gridDim(0));
  EXPECT_EQ(Inside.count().Low, gridDim(0) * otherDims(0));
}

TEST(ThreadSpaceTest, ThreadBoundProvenInsideStaysPolynomial) {
  // if (tid < s) inside a reduction loop whose s <= blockDim.x is proven.
  ThreadSpace Space;
  Space.constrain(IndexKind::Thread, 0, std::nullopt, sym("s"),
                  /*HiInside=*/true);
  ExprRange X = Space.countDim(0);
  ASSERT_TRUE(X.isExact());
  EXPECT_EQ(X.Low, sym("s") * gridDim(0));
  std::optional<std::vector<Expr>> Coefficients = X.Low.coefficientsIn("s");
  ASSERT_TRUE(Coefficients.has_value());
  ASSERT_EQ(Coefficients->size(), 2u);
  EXPECT_TRUE((*Coefficients)[0].isZero());
  EXPECT_EQ((*Coefficients)[1], gridDim(0));
  // A loop can sum it: sum_{s=0}^{3} s * gridDim.x == 6 * gridDim.x.
  std::optional<Expr> Sum = X.Low.sumOver("s", Expr(0), Expr(4));
  ASSERT_TRUE(Sum.has_value());
  EXPECT_EQ(*Sum, gridDim(0) * 6);

  for (const Launch &L : smallLaunches())
    for (int64_t S = 0; S <= L.Block[0]; ++S)
      expectExactCount(Space, L, {{"s", value(S)}},
                       [S](const ThreadCoords &C) { return C.Thread[0] < S; });
}

TEST(ThreadSpaceTest, ThreadBoundNotProvenIsClamped) {
  ThreadSpace Space;
  Space.constrain(IndexKind::Thread, 0, std::nullopt, sym("s"));
  EXPECT_EQ(Space.countDim(0).Low,
            Expr::min(sym("s"), blockDim(0)) * gridDim(0));
  for (const Launch &L : smallLaunches())
    for (int64_t S : {0, 1, 2, 3, 5, 9, 100})
      expectExactCount(Space, L, {{"s", value(S)}},
                       [S](const ThreadCoords &C) { return C.Thread[0] < S; });
}

TEST(ThreadSpaceTest, BlockConstraints) {
  // if (blockIdx.x >= 1 && blockIdx.x < b)
  ThreadSpace Space;
  Space.constrain(IndexKind::Block, 0, Expr(1), sym("b"));
  ExprRange X = Space.countDim(0);
  ASSERT_TRUE(X.isExact());
  EXPECT_EQ(
      intValueOf(X.Low, bindings({{10, 1, 1}, {32, 1, 1}}, {{"b", value(4)}})),
      3 * 32);
  EXPECT_EQ(
      intValueOf(X.Low, bindings({{10, 1, 1}, {32, 1, 1}}, {{"b", value(0)}})),
      0);
  for (const Launch &L : smallLaunches())
    for (int64_t B : {0, 1, 2, 3, 4, 8})
      expectExactCount(Space, L, {{"b", value(B)}}, [B](const ThreadCoords &C) {
        return C.Block[0] >= 1 && C.Block[0] < B;
      });

  // A guard on blockIdx.y only touches dimension y.
  ThreadSpace Y;
  Y.constrain(IndexKind::Block, 1, std::nullopt, Expr(1));
  EXPECT_EQ(Y.countDim(0).Low, gridDim(0) * blockDim(0));
  EXPECT_EQ(Y.countDim(2).Low, gridDim(2) * blockDim(2));
  for (const Launch &L : smallLaunches())
    expectExactCount(Y, L, {},
                     [](const ThreadCoords &C) { return C.Block[1] < 1; });
}

TEST(ThreadSpaceTest, ThreadAndBlockGuardsMultiply) {
  // if (threadIdx.x < s && blockIdx.x > 0): independent coordinates.
  ThreadSpace Space;
  Space.constrain(IndexKind::Thread, 0, std::nullopt, sym("s"));
  Space.constrain(IndexKind::Block, 0, Expr(1), std::nullopt);
  std::optional<Note> Reason;
  ExprRange X = Space.countDim(0, &Reason);
  ASSERT_TRUE(X.isExact());
  EXPECT_FALSE(Reason) << int(Reason->Id);
  EXPECT_EQ(
      intValueOf(X.Low, bindings({{6, 1, 1}, {64, 1, 1}}, {{"s", value(10)}})),
      10 * 5);
  for (const Launch &L : smallLaunches())
    for (int64_t S : {0, 1, 2, 4, 9})
      expectExactCount(Space, L, {{"s", value(S)}}, [S](const ThreadCoords &C) {
        return C.Thread[0] < S && C.Block[0] > 0;
      });
}

TEST(ThreadSpaceTest, RepeatedGuardsIntersect) {
  // if (i < n) { if (i < m) { if (i >= 2) ... } }
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("n"));
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("m"));
  Space.constrain(IndexKind::Global, 0, Expr(2), std::nullopt);
  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 3, 7, 20})
      for (int64_t M : {1, 5, 9})
        expectExactCount(Space, L, {{"n", value(N)}, {"m", value(M)}},
                         [N, M](const ThreadCoords &C) {
                           return C.Global[0] < N && C.Global[0] < M &&
                                  C.Global[0] >= 2;
                         });
}

TEST(ThreadSpaceTest, IntersectKeepsInsideWhenEitherEndIsInside) {
  IndexInterval I;
  I.intersect(std::nullopt, false, sym("n"), /*NewHiInside=*/true);
  EXPECT_TRUE(I.HiInside);
  EXPECT_FALSE(I.Lo.has_value());
  // min(n, m) <= n, which was already proven inside.
  I.intersect(std::nullopt, false, sym("m"), /*NewHiInside=*/false);
  EXPECT_TRUE(I.HiInside);
  EXPECT_EQ(*I.Hi, Expr::min(sym("n"), sym("m")));

  IndexInterval J;
  J.intersect(sym("a"), /*NewLoInside=*/false, std::nullopt, false);
  EXPECT_FALSE(J.LoInside);
  J.intersect(Expr(3), /*NewLoInside=*/true, std::nullopt, false);
  EXPECT_TRUE(J.LoInside);
  EXPECT_EQ(*J.Lo, Expr::max(sym("a"), Expr(3)));
  EXPECT_FALSE(J.Hi.has_value());
}

TEST(ThreadSpaceTest, ClippedLengthOfAnIntervalBeyondTheExtent) {
  IndexInterval I;
  I.Lo = sym("a");
  I.Hi = sym("b");
  Expr Length = clippedLength(I, sym("e"));
  for (int64_t A : {0, 2, 5, 9})
    for (int64_t B : {0, 3, 6, 12})
      for (int64_t E : {0, 4, 8}) {
        int64_t Expected = 0;
        for (int64_t K = 0; K < E; ++K)
          Expected += K >= A && K < B;
        EXPECT_EQ(
            intValueOf(Length,
                       {{"a", value(A)}, {"b", value(B)}, {"e", value(E)}}),
            Expected)
            << "a=" << A << " b=" << B << " e=" << E;
      }
}

TEST(ThreadSpaceTest, GlobalAndThreadGuardsOnOneDimensionCountExactly) {
  // if (i < n && threadIdx.x < s): threadIdx = i mod blockDim, so the
  // threads that pass are whole blocks' first s plus a partial block's.
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("n"));
  Space.constrain(IndexKind::Thread, 0, std::nullopt, sym("s"));
  ExprRange Count = Space.count();
  ASSERT_TRUE(Count.isExact());
  unsigned Checked = 0;
  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 1, 4, 6, 11, 13, 30})
      for (int64_t S : {0, 1, 2, 3, 5}) {
        Bindings B = bindings(L, {{"n", value(N)}, {"s", value(S)}});
        EXPECT_EQ(intValueOf(Count.Low, B),
                  bruteForce(L,
                             [N, S](const ThreadCoords &C) {
                               return C.Global[0] < N && C.Thread[0] < S;
                             }))
            << "n=" << N << " s=" << S;
        ++Checked;
      }
  EXPECT_GT(Checked, 0u);
}

TEST(ThreadSpaceTest, GlobalAndBlockGuardsOnOneDimensionGiveARange) {
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, Expr(3), std::nullopt);
  Space.constrain(IndexKind::Block, 0, std::nullopt, sym("b"));
  std::optional<Note> Reason;
  ExprRange Count = Space.count(&Reason);
  EXPECT_FALSE(Count.isExact());
  EXPECT_EQ(Reason, note(NoteId::GlobalAndLocalGuards));
  for (const Launch &L : smallLaunches())
    for (int64_t B : {0, 1, 2, 5}) {
      Bindings Values = bindings(L, {{"b", value(B)}});
      int64_t Exact = bruteForce(L, [B](const ThreadCoords &C) {
        return C.Global[0] >= 3 && C.Block[0] < B;
      });
      EXPECT_LE(intValueOf(Count.Low, Values), Exact);
      EXPECT_GE(intValueOf(Count.High, Values), Exact);
    }
}

/// Iterations of `for (i = start; i < bound; i += stride)`.
int64_t trips(int64_t Start, int64_t Bound, int64_t Stride) {
  int64_t N = 0;
  for (int64_t I = Start; I < Bound; I += Stride)
    ++N;
  return N;
}

TEST(ThreadSpaceTest, GridStrideLoopCountsItsIterations) {
  // for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
  //      i += blockDim.x * gridDim.x)
  ThreadSpace Space;
  EXPECT_TRUE(Space.enterGridStride(0, sym("n")));
  EXPECT_TRUE(Space.inGridStride(0));
  EXPECT_FALSE(Space.inGridStride(1));
  EXPECT_EQ(Space.globalExtent(0), sym("n"));
  EXPECT_EQ(Space.countDim(0).Low, sym("n"));
  EXPECT_EQ(Space.count().Low, sym("n") * otherDims(0));
  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 1, 5, 12, 13, 100})
      expectExactCount(Space, L, {{"n", value(N)}},
                       [&L, N](const ThreadCoords &C) {
                         return trips(C.Global[0], N, L.Grid[0] * L.Block[0]);
                       });
}

TEST(ThreadSpaceTest, GridStrideOverTilesCountsTheOffsetsBelowBlockDim) {
  // for (i = blockIdx.x * 8 + threadIdx.x; i < n; i += 8 * gridDim.x), and
  // a guard i >= 3 inside it; blocks of up to 8 threads (exact there).
  for (bool Guarded : {false, true}) {
    ThreadSpace Space;
    ASSERT_TRUE(Space.enterGridStride(0, sym("n"), Rational(8)));
    if (Guarded)
      Space.constrain(IndexKind::Global, 0, Expr(3), std::nullopt);
    for (const Launch &L : smallLaunches())
      for (int64_t N : {0, 1, 5, 8, 13, 40, 61})
        expectExactCount(Space, L, {{"n", value(N)}},
                         [&L, N, Guarded](const ThreadCoords &C) {
                           int64_t Count = 0;
                           for (int64_t I = C.Block[0] * 8 + C.Thread[0]; I < N;
                                I += 8 * L.Grid[0])
                             Count += !Guarded || I >= 3;
                           return Count;
                         });
  }
}

TEST(ThreadSpaceTest, LaneGuardInALoopOfGroupsPicksThatLaneOfEachGroup) {
  // for (r = global / 4; r < rows; r += gridDim.x * blockDim.x / 4) { if
  // (threadIdx.x % 4 == 1) ... }: groups of 4 threads take a row each;
  // blocks are whole groups.
  const std::vector<Launch> Launches = {{{1, 1, 1}, {4, 1, 1}},
                                        {{3, 1, 1}, {8, 1, 1}},
                                        {{2, 2, 1}, {4, 3, 1}},
                                        {{5, 1, 2}, {12, 1, 1}}};
  for (bool Negated : {false, true}) {
    ThreadSpace Space;
    ASSERT_TRUE(Space.enterGridStride(0, sym("rows") * Expr(4), std::nullopt,
                                      Rational(4)));
    ASSERT_TRUE(Space.constrainModulo(IndexKind::Thread, 0, Rational(4),
                                      Rational(1), Negated));
    for (const Launch &L : Launches)
      for (int64_t Rows : {0, 1, 5, 7, 30})
        expectExactCount(Space, L, {{"rows", value(Rows)}},
                         [&L, Rows, Negated](const ThreadCoords &C) {
                           int64_t Count = 0;
                           for (int64_t R = C.Global[0] / 4; R < Rows;
                                R += L.Grid[0] * L.Block[0] / 4)
                             Count += (C.Thread[0] % 4 == 1) != Negated;
                           return Count;
                         });
  }
}

TEST(ThreadSpaceTest, GuardOnTheGridStrideIndex) {
  // ... { if (i > 0) ... } inside the grid-stride loop over [0, n).
  ThreadSpace Space;
  ASSERT_TRUE(Space.enterGridStride(0, sym("n")));
  Space.constrain(IndexKind::Global, 0, Expr(1), std::nullopt);
  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 1, 2, 12, 31})
      expectExactCount(
          Space, L, {{"n", value(N)}}, [&L, N](const ThreadCoords &C) {
            int64_t Count = 0;
            for (int64_t I = C.Global[0]; I < N; I += L.Grid[0] * L.Block[0])
              Count += I > 0;
            return Count;
          });
}

TEST(ThreadSpaceTest, GridStrideIsRefusedUnderAGlobalGuard) {
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("m"));
  EXPECT_FALSE(Space.enterGridStride(0, sym("n")));
  EXPECT_FALSE(Space.inGridStride(0));
  EXPECT_EQ(Space.globalExtent(0), gridDim(0) * blockDim(0));
  // Another dimension is still free.
  EXPECT_TRUE(Space.enterGridStride(1, sym("n")));
}

TEST(ThreadSpaceTest, ThreadGuardInsideGridStrideIsARange) {
  ThreadSpace Space;
  ASSERT_TRUE(Space.enterGridStride(0, sym("n")));
  Space.constrain(IndexKind::Thread, 0, Expr(0), Expr(1));
  std::optional<Note> Reason;
  ExprRange X = Space.countDim(0, &Reason);
  EXPECT_FALSE(X.isExact());
  EXPECT_EQ(Reason, note(NoteId::LocalGuardInGridStride));
  EXPECT_TRUE(X.Low.isZero());
  EXPECT_EQ(X.High, sym("n"));
  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 3, 17}) {
      Bindings B = bindings(L, {{"n", value(N)}});
      int64_t Exact = bruteForce(L, [&L, N](const ThreadCoords &C) {
        return C.Thread[0] == 0 ? trips(C.Global[0], N, L.Grid[0] * L.Block[0])
                                : 0;
      });
      ExprRange Count = Space.count();
      EXPECT_LE(intValueOf(Count.Low, B), Exact);
      EXPECT_GE(intValueOf(Count.High, B), Exact);
    }
}

TEST(ThreadSpaceTest, BlockStrideLoopCountsItsIterations) {
  // for (k = threadIdx.x; k < m; k += blockDim.x)
  ThreadSpace Space;
  EXPECT_TRUE(Space.enterBlockStride(0, sym("m")));
  EXPECT_EQ(Space.countDim(0).Low, sym("m") * gridDim(0));
  EXPECT_EQ(Space.count().Low, sym("m") * gridDim(0) * otherDims(0));
  // The global extent is not affected.
  EXPECT_EQ(Space.globalExtent(0), gridDim(0) * blockDim(0));
  for (const Launch &L : smallLaunches())
    for (int64_t M : {0, 1, 3, 8, 25})
      expectExactCount(Space, L, {{"m", value(M)}},
                       [&L, M](const ThreadCoords &C) {
                         return trips(C.Thread[0], M, L.Block[0]);
                       });
}

TEST(ThreadSpaceTest, GuardOnTheBlockStrideIndex) {
  // for (k = threadIdx.x; k < m; k += blockDim.x) if (k < s) ...
  ThreadSpace Space;
  ASSERT_TRUE(Space.enterBlockStride(0, sym("m")));
  Space.constrain(IndexKind::Thread, 0, std::nullopt, sym("s"));
  for (const Launch &L : smallLaunches())
    for (int64_t M : {0, 4, 9})
      for (int64_t S : {0, 2, 7, 30})
        expectExactCount(Space, L, {{"m", value(M)}, {"s", value(S)}},
                         [&L, M, S](const ThreadCoords &C) {
                           return trips(C.Thread[0], std::min(M, S),
                                        L.Block[0]);
                         });
}

TEST(ThreadSpaceTest, BlockStrideIsRefusedUnderAGuard) {
  ThreadSpace UnderThread;
  UnderThread.constrain(IndexKind::Thread, 0, std::nullopt, sym("s"));
  EXPECT_FALSE(UnderThread.enterBlockStride(0, sym("m")));
  EXPECT_EQ(UnderThread.countDim(0).Low,
            Expr::min(sym("s"), blockDim(0)) * gridDim(0));

  ThreadSpace UnderGlobal;
  UnderGlobal.constrain(IndexKind::Global, 0, std::nullopt, sym("n"));
  EXPECT_FALSE(UnderGlobal.enterBlockStride(0, sym("m")));
  EXPECT_EQ(UnderGlobal.countDim(0).Low,
            Expr::min(sym("n"), blockDim(0) * gridDim(0)));
}

// A guard on the global index inside a block-stride loop selects threads,
// each of which still runs all of its iterations; the count must not drop
// the iterations (nor claim to be exact).
TEST(ThreadSpaceTest, GlobalGuardInsideBlockStride) {
  ThreadSpace Space;
  ASSERT_TRUE(Space.enterBlockStride(0, sym("m")));
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("n"));
  ExprRange Count = Space.count();
  for (const Launch &L : smallLaunches())
    for (int64_t M : {0, 4, 9, 20})
      for (int64_t N : {0, 3, 100}) {
        Bindings B = bindings(L, {{"m", value(M)}, {"n", value(N)}});
        int64_t Exact = bruteForce(L, [&L, M, N](const ThreadCoords &C) {
          return C.Global[0] < N ? trips(C.Thread[0], M, L.Block[0]) : 0;
        });
        EXPECT_LE(intValueOf(Count.Low, B), Exact) << "m=" << M << " n=" << N;
        EXPECT_GE(intValueOf(Count.High, B), Exact) << "m=" << M << " n=" << N;
      }
}

TEST(ThreadSpaceTest, TwoDimensionalGuardsMultiply) {
  // if (x < w && y < h) over a 2D grid of 2D blocks.
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("w"));
  Space.constrain(IndexKind::Global, 1, std::nullopt, sym("h"));
  ExprRange Count = Space.count();
  ASSERT_TRUE(Count.isExact());
  EXPECT_EQ(Count.Low, Expr::min(sym("w"), gridDim(0) * blockDim(0)) *
                           Expr::min(sym("h"), gridDim(1) * blockDim(1)) *
                           gridDim(2) * blockDim(2));
  EXPECT_EQ(
      intValueOf(Count.Low, bindings({{64, 32, 1}, {16, 16, 1}},
                                     {{"w", value(1000)}, {"h", value(300)}})),
      1000 * 300);
  for (const Launch &L : smallLaunches())
    for (int64_t W : {0, 2, 7, 13})
      for (int64_t H : {1, 3, 10})
        expectExactCount(Space, L, {{"w", value(W)}, {"h", value(H)}},
                         [W, H](const ThreadCoords &C) {
                           return C.Global[0] < W && C.Global[1] < H;
                         });
}

TEST(ThreadSpaceTest, MixedKindsAcrossDimensionsStayExact) {
  // Global in x, Thread in y, Block in z: one kind per dimension is exact.
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("n"));
  Space.constrain(IndexKind::Thread, 1, Expr(0), Expr(1));
  Space.constrain(IndexKind::Block, 2, Expr(1), std::nullopt);
  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 5, 50})
      expectExactCount(Space, L, {{"n", value(N)}}, [N](const ThreadCoords &C) {
        return C.Global[0] < N && C.Thread[1] == 0 && C.Block[2] >= 1;
      });
}

} // namespace

namespace {

TEST(ThreadSpaceTest, ModuloOnTheThreadIndexMatchesBruteForce) {
  // threadIdx.x % c == r and != r, alone and inside an interval.
  for (int64_t C : {1, 2, 3, 32})
    for (int64_t R = 0; R < C && R < 4; ++R)
      for (bool Negated : {false, true}) {
        ThreadSpace Space;
        ASSERT_TRUE(Space.constrainModulo(IndexKind::Thread, 0, Rational(C),
                                          Rational(R), Negated));
        for (const Launch &L : smallLaunches())
          expectExactCount(Space, L, {}, [&](const ThreadCoords &T) {
            return ((T.Thread[0] % C == R) != Negated) ? 1 : 0;
          });
        Space.constrain(IndexKind::Thread, 0, sym("lo"), sym("hi"));
        for (const Launch &L : smallLaunches())
          for (int64_t Lo : {0, 1, 3})
            for (int64_t Hi : {0, 2, 7})
              expectExactCount(Space, L, {{"lo", value(Lo)}, {"hi", value(Hi)}},
                               [&](const ThreadCoords &T) {
                                 int64_t X = T.Thread[0];
                                 return X >= Lo && X < Hi &&
                                                ((X % C == R) != Negated)
                                            ? 1
                                            : 0;
                               });
      }
}

TEST(ThreadSpaceTest, ResidueRangeMatchesBruteForce) {
  // lane < 16, lane >= 8 and lane in [3, 20) with lane = threadIdx.x % c,
  // alone and inside an interval.
  for (int64_t C : {4, 32})
    for (auto [A, B] : {std::pair<int64_t, int64_t>{0, 2},
                        {1, 3},
                        {0, 16},
                        {8, 32},
                        {3, 20}}) {
      if (B > C)
        continue;
      ThreadSpace Space;
      ASSERT_TRUE(Space.constrainModuloRange(IndexKind::Thread, 0, Rational(C),
                                             Rational(A), Rational(B), false));
      for (const Launch &L : smallLaunches())
        expectExactCount(Space, L, {}, [&](const ThreadCoords &T) {
          int64_t R = T.Thread[0] % C;
          return R >= A && R < B ? 1 : 0;
        });
      Space.constrain(IndexKind::Thread, 0, sym("lo"), sym("hi"));
      for (const Launch &L : smallLaunches())
        for (int64_t Lo : {0, 1, 5})
          for (int64_t Hi : {0, 3, 40})
            expectExactCount(Space, L, {{"lo", value(Lo)}, {"hi", value(Hi)}},
                             [&](const ThreadCoords &T) {
                               int64_t X = T.Thread[0], R = X % C;
                               return X >= Lo && X < Hi && R >= A && R < B ? 1
                                                                           : 0;
                             });
    }
}

TEST(ThreadSpaceTest, ResiduesBelowAValueMatchBruteForce) {
  // lane < s and lane >= s with lane = threadIdx.x % 32 and s a loop's
  // value (a warp's tree reduction), s inside and outside [0, 32].
  for (bool Negated : {false, true}) {
    ThreadSpace Space;
    ASSERT_TRUE(Space.constrainModuloBelow(IndexKind::Thread, 0, Rational(32),
                                           sym("s"), Negated));
    for (const Launch &L : smallLaunches())
      for (int64_t S : {0, 1, 16, 31, 32, 40})
        expectExactCount(Space, L, {{"s", value(S)}},
                         [&](const ThreadCoords &T) {
                           return (T.Thread[0] % 32 < S) != Negated ? 1 : 0;
                         });
    EXPECT_FALSE(Space.constrainModulo(IndexKind::Thread, 0, Rational(32),
                                       Rational(0), false));
  }
}

TEST(ThreadSpaceTest, ModuloOnTheGridStrideIndex) {
  // for (i = global; i < n; i += grid) if (i % 2 == 1): the odd i below n.
  ThreadSpace Space;
  ASSERT_TRUE(Space.enterGridStride(0, sym("n")));
  ASSERT_TRUE(Space.constrainModulo(IndexKind::Global, 0, Rational(2),
                                    Rational(1), false));
  for (int64_t N : {0, 1, 2, 1001}) {
    Bindings B = bindings({{3, 1, 1}, {64, 1, 1}}, {{"n", value(N)}});
    EXPECT_EQ(intValueOf(Space.count().Low, B), N / 2) << "n=" << N;
  }
}

TEST(ThreadSpaceTest, SecondModuloIsRefused) {
  ThreadSpace Space;
  ASSERT_TRUE(Space.constrainModulo(IndexKind::Thread, 0, Rational(32),
                                    Rational(0), false));
  EXPECT_FALSE(Space.constrainModulo(IndexKind::Thread, 0, Rational(2),
                                     Rational(0), false));
}

TEST(ThreadSpaceTest, TwoTestsOfOneResidueIntersect) {
  // Case = (g % 6) / 2 + 1; if (Case == 2): 2 <= g % 6 and g % 6 < 4, as
  // two tests of the same residue; and `g % 6 != 0 .. 2` (negated) with
  // `g % 6 < 4`. Counted against the threads one by one.
  for (bool Negated : {false, true}) {
    ThreadSpace Space;
    if (Negated)
      ASSERT_TRUE(Space.constrainModuloRange(IndexKind::Global, 0, Rational(6),
                                             Rational(0), Rational(2), true));
    else
      ASSERT_TRUE(Space.constrainModuloRange(IndexKind::Global, 0, Rational(6),
                                             Rational(2), Rational(6), false));
    ASSERT_TRUE(Space.constrainModuloRange(IndexKind::Global, 0, Rational(6),
                                           Rational(0), Rational(4), false));
    for (const Launch &L : smallLaunches())
      expectExactCount(Space, L, {}, [](const ThreadCoords &T) {
        return T.Global[0] % 6 >= 2 && T.Global[0] % 6 < 4;
      });
  }
  // Residues no thread has both of: none.
  ThreadSpace Disjoint;
  ASSERT_TRUE(Disjoint.constrainModuloRange(IndexKind::Global, 0, Rational(6),
                                            Rational(0), Rational(2), false));
  ASSERT_TRUE(Disjoint.constrainModuloRange(IndexKind::Global, 0, Rational(6),
                                            Rational(4), Rational(6), false));
  for (const Launch &L : smallLaunches())
    expectExactCount(Disjoint, L, {},
                     [](const ThreadCoords &) { return 0; });
}

TEST(ThreadSpaceTest, SumOverPointsOfTheThreadIndex) {
  // Each thread runs threadIdx.x iterations: sum over a block is B(B-1)/2.
  ThreadSpace Space;
  auto Sum = Space.sumOverPoints(sym("threadIdx.x"));
  ASSERT_TRUE(Sum.has_value());
  for (const Launch &L : smallLaunches())
    EXPECT_EQ(intValueOf(Sum->Low, bindings(L)),
              bruteForce(L, [](const ThreadCoords &T) { return T.Thread[0]; }));
  // And of the global index under a guard: sum of (i + 1) for i < n.
  Space.constrain(IndexKind::Global, 0, std::nullopt, sym("n"));
  Expr GlobalPlusOne =
      sym("blockIdx.x") * blockDim(0) + sym("threadIdx.x") + Expr(1);
  auto Tri = Space.sumOverPoints(GlobalPlusOne);
  ASSERT_TRUE(Tri.has_value());
  for (const Launch &L : smallLaunches())
    for (int64_t N : {0, 3, 50})
      EXPECT_EQ(intValueOf(Tri->Low, bindings(L, {{"n", value(N)}})),
                bruteForce(L, [N](const ThreadCoords &T) {
                  return T.Global[0] < N ? T.Global[0] + 1 : 0;
                }));
}

TEST(ThreadSpaceTest, WarpsRunAThreadBoundLoopAsLongAsTheirBusiestLane) {
  // for (i = n; i > 0; --i) if (i > 4 * tid - 1): thread tid runs
  // max(0, n - max(0, 4 * tid - 1)) iterations, and a warp runs while its
  // first lane does. Checked against the warps' runs one by one.
  ThreadSpace Space;
  Expr Tid = sym("threadIdx.x");
  Expr Bound = Expr::max(Expr(0), Expr(4) * Tid - Expr(1));
  Expr PerThread = Expr::max(Expr(0), sym("n") - Bound);
  auto Warps = Space.sumOverWarps(PerThread);
  ASSERT_TRUE(Warps.has_value());
  for (int64_t Block : {32, 64, 96, 128, 256})
    for (int64_t N : {0, 1, 100, 600}) {
      int64_t Expected = 0;
      for (int64_t W = 0; W * 32 < Block; ++W) {
        int64_t Busiest = 0;
        for (int64_t T = W * 32; T < std::min(Block, W * 32 + 32); ++T)
          Busiest = std::max(Busiest,
                             std::max<int64_t>(0, N - std::max<int64_t>(
                                                          0, 4 * T - 1)));
        Expected += Busiest;
      }
      Launch L{{3, 1, 1}, {Block, 1, 1}};
      EXPECT_EQ(intValueOf(*Warps, bindings(L, {{"n", value(N)}})),
                3 * Expected)
          << "block=" << Block << " n=" << N;
    }
  // A count that reads blockIdx is not the warps' to sum.
  EXPECT_FALSE(Space.sumOverWarps(Tid + sym("blockIdx.x")).has_value());
}

TEST(ThreadSpaceTest, SumOfALaneFunctionUnderAGlobalGuard) {
  // for (c = lane; c < cols; c += W) with lane = threadIdx.x % W under
  // `if (warp < rows)`, warp = global / W: the guard is on the global index
  // and the trip count on threadIdx alone. W = 3 so that the small blocks
  // hold partial "warps" too.
  const int64_t W = 3;
  ThreadSpace Space;
  Space.constrain(IndexKind::Global, 0, std::nullopt, Expr(W) * sym("rows"));
  Expr Lane = Expr::mod(sym("threadIdx.x"), Expr(W));
  Expr Trip = Expr::max(Expr(0), Expr::ceilDiv(sym("cols") - Lane, Expr(W)));
  auto Sum = Space.sumOverPoints(Trip);
  ASSERT_TRUE(Sum.has_value());
  for (const Launch &L : smallLaunches())
    for (int64_t Rows : {0, 1, 3})
      for (int64_t Cols : {0, 5, 40})
        EXPECT_EQ(intValueOf(Sum->Low, bindings(L, {{"rows", value(Rows)},
                                                    {"cols", value(Cols)}})),
                  bruteForce(L, [&](const ThreadCoords &T) -> int64_t {
                    if (T.Global[0] >= W * Rows)
                      return 0;
                    int64_t L = T.Thread[0] % W;
                    return Cols > L ? (Cols - L + W - 1) / W : 0;
                  }));
  // A guard with a lower end: threads [lo, hi) of the global index.
  ThreadSpace From;
  From.constrain(IndexKind::Global, 0, sym("lo"), sym("hi"));
  auto Part = From.sumOverPoints(Lane);
  ASSERT_TRUE(Part.has_value());
  for (const Launch &L : smallLaunches())
    EXPECT_EQ(intValueOf(Part->Low,
                         bindings(L, {{"lo", value(3)}, {"hi", value(11)}})),
              bruteForce(L, [&](const ThreadCoords &T) -> int64_t {
                return T.Global[0] >= 3 && T.Global[0] < 11 ? T.Thread[0] % W
                                                            : 0;
              }));
}

TEST(ThreadSpaceTest, ThreadGuardUnderAGlobalGuardCountsExactly) {
  // `if (warp >= rows) return; ... if (lane == 0)` and `if (lane < 2)`, with
  // W = 3 lanes per "warp" so that small blocks split warps; and a thread
  // interval (`threadIdx.x < 2`) under a global interval [lo, hi).
  const int64_t W = 3;
  for (int Shape = 0; Shape < 4; ++Shape) {
    ThreadSpace Space;
    if (Shape == 2)
      Space.constrain(IndexKind::Global, 0, sym("lo"), sym("hi"));
    else
      Space.constrain(IndexKind::Global, 0, std::nullopt, Expr(W) * sym("hi"));
    if (Shape == 0)
      ASSERT_TRUE(Space.constrainModulo(IndexKind::Thread, 0, Rational(W),
                                        Rational(0), false));
    else if (Shape == 1)
      ASSERT_TRUE(Space.constrainModuloRange(IndexKind::Thread, 0, Rational(W),
                                             Rational(0), Rational(2), false));
    else if (Shape == 2)
      Space.constrain(IndexKind::Thread, 0, std::nullopt, Expr(2), true);
    else // threadIdx.x in [1, 3): a lower end that a partial block may miss
      Space.constrain(IndexKind::Thread, 0, Expr(1), Expr(3), false, true);
    ExprRange N = Space.count();
    ASSERT_TRUE(N.isExact()) << Shape;
    for (const Launch &L : smallLaunches())
      for (int64_t Hi : {0, 2, 7}) {
        int64_t Lo = 1;
        auto Counted = [&](const ThreadCoords &T) -> int64_t {
          int64_t G = T.Global[0], Lane = T.Thread[0] % W;
          if (Shape == 2)
            return G >= Lo && G < Hi && T.Thread[0] < 2;
          if (Shape == 3)
            return G < W * Hi && T.Thread[0] >= 1 && T.Thread[0] < 3;
          return G < W * Hi && (Shape == 0 ? Lane == 0 : Lane < 2);
        };
        EXPECT_EQ(intValueOf(N.Low, bindings(L, {{"lo", value(Lo)},
                                                 {"hi", value(Hi)}})),
                  bruteForce(L, Counted))
            << Shape;
      }
  }
}

TEST(ThreadSpaceTest, BlockGridStrideLoopCountsEachRowOnce) {
  // for (r = blockIdx.x; r < rows; r += gridDim.x): every thread of each
  // block runs its block's rows, rows * blockDim points in all.
  ThreadSpace Space;
  ASSERT_TRUE(Space.enterBlockGridStride(0, sym("rows")));
  EXPECT_EQ(Space.blockExtent(0), sym("rows"));
  for (const Launch &L : smallLaunches())
    for (int64_t Rows : {0, 1, 5, 13})
      expectExactCount(Space, L, {{"rows", value(Rows)}},
                       [&L, Rows](const ThreadCoords &C) {
                         return trips(C.Block[0], Rows, L.Grid[0]);
                       });
  // Twice, or under a guard on the block index: refused.
  EXPECT_FALSE(Space.enterBlockGridStride(0, sym("rows")));
  ThreadSpace Guarded;
  Guarded.constrain(IndexKind::Block, 0, std::nullopt, sym("b"));
  EXPECT_FALSE(Guarded.enterBlockGridStride(0, sym("rows")));
}

TEST(ThreadSpaceTest, SumOverPointsInsideABlockStrideLoop) {
  // for (k = threadIdx.x; k < 16; k += blockDim.x)
  //   for (p = k; p < len; p += 16): every p below len once per block.
  ThreadSpace Space;
  ASSERT_TRUE(Space.enterBlockStride(0, Expr(16)));
  Expr Trip = Expr::max(
      Expr(0), Expr::ceilDiv(sym("len") - sym("threadIdx.x"), Expr(16)));
  auto Sum = Space.sumOverPoints(Trip);
  ASSERT_TRUE(Sum.has_value());
  for (const Launch &L : smallLaunches())
    for (int64_t Len : {0, 7, 16, 41})
      EXPECT_EQ(intValueOf(Sum->Low, bindings(L, {{"len", value(Len)}})),
                Len * L.Grid[0] * L.Grid[1] * L.Grid[2] * L.Block[1] *
                    L.Block[2]);
}

} // namespace

namespace {

/// Warps of L that have at least one thread passing Pass (lanes are
/// threadIdx.x first, then .y and .z, 32 to a warp).
int64_t bruteForceWarps(const Launch &L,
                        const std::function<bool(const ThreadCoords &)> &Pass) {
  int64_t Warps = 0;
  int64_t PerBlock = L.Block[0] * L.Block[1] * L.Block[2];
  for (int64_t B = 0; B < L.Grid[0] * L.Grid[1] * L.Grid[2]; ++B) {
    ThreadCoords C;
    C.Block = {B % L.Grid[0], (B / L.Grid[0]) % L.Grid[1],
               B / (L.Grid[0] * L.Grid[1])};
    for (int64_t W = 0; W * 32 < PerBlock; ++W) {
      bool Any = false;
      for (int64_t T = W * 32; T < std::min(PerBlock, W * 32 + 32); ++T) {
        C.Thread = {T % L.Block[0], (T / L.Block[0]) % L.Block[1],
                    T / (L.Block[0] * L.Block[1])};
        for (unsigned D = 0; D < 3; ++D)
          C.Global[D] = C.Block[D] * L.Block[D] + C.Thread[D];
        Any |= Pass(C);
      }
      Warps += Any;
    }
  }
  return Warps;
}

TEST(ThreadSpaceTest, WarpCountOfAThreadIndexGuard) {
  // if (threadIdx.x < s): a warp runs when any of its lanes passes.
  ThreadSpace Space;
  Space.constrain(IndexKind::Thread, 0, std::nullopt, sym("s"));
  Expr Warps = Space.warpCount();
  for (int64_t S : {0, 1, 16, 32, 33, 64, 100, 256})
    for (Launch L :
         {Launch{{3, 1, 1}, {256, 1, 1}}, Launch{{2, 2, 1}, {128, 2, 1}},
          Launch{{2, 1, 1}, {16, 16, 1}}}) {
      Bindings B = bindings(L, {{"s", value(S)}});
      EvalResult R = Warps.evaluate(B);
      ASSERT_TRUE(R.ok()) << Warps.str();
      EXPECT_EQ(R.Value->toDouble(),
                double(bruteForceWarps(
                    L, [&](const ThreadCoords &C) { return C.Thread[0] < S; })))
          << "s = " << S << ", block " << L.Block[0] << "x" << L.Block[1];
    }
}

TEST(ThreadSpaceTest, WarpCountOfAThreadRangeAndOfEveryThread) {
  // if (threadIdx.x >= 40 && threadIdx.x < 70): warps 1 and 2 of 256.
  ThreadSpace Range;
  Range.constrain(IndexKind::Thread, 0, Expr(40), Expr(70));
  Launch L{{5, 1, 1}, {256, 1, 1}};
  EXPECT_EQ(intValueOf(Range.warpCount(), bindings(L)),
            bruteForceWarps(L, [](const ThreadCoords &C) {
              return C.Thread[0] >= 40 && C.Thread[0] < 70;
            }));
  // No guard: every warp of full blocks.
  ThreadSpace All;
  EXPECT_EQ(intValueOf(All.warpCount(), bindings(L)), 5 * 8);
}

} // namespace
