//===- CurandSkipAheadTest.cpp - XORWOW skip-ahead products ---------------===//
///
/// The closed forms against a walk over every warp of small launches, each
/// warp running every base-4 digit as often as its busiest lane.
//===----------------------------------------------------------------------===//
#include "analyzer/cuda/CurandSkipAhead.h"
#include "ExprFixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>

using namespace rla;
using rla::fixtures::sym;

namespace {

/// The products a warp of the given subsequences runs: per digit place,
/// the largest digit over its lanes (the loop `for (t < (p & 3))` of each).
int64_t warpProducts(const std::function<int64_t(int64_t)> &Lane) {
  int64_t Sum = 0;
  for (int Shift = 0; Shift < 64; Shift += 2) {
    int64_t Busiest = 0;
    for (int64_t L = 0; L < 32; ++L)
      Busiest = std::max(Busiest, (Lane(L) >> Shift) & 3);
    Sum += Busiest;
  }
  return Sum;
}

int64_t evaluate(const Expr &E, int64_t Grid, int64_t Block) {
  Bindings B{{"gridDim.x", Grid}, {"blockDim.x", Block}, {"gridDim.y", 1},
             {"gridDim.z", 1},    {"blockDim.y", 1},     {"blockDim.z", 1}};
  EvalResult R = E.evaluate(B);
  EXPECT_TRUE(R.ok()) << E.str();
  return R.ok() ? static_cast<int64_t>(R.Value->floor()) : -1;
}

/// Every warp of a 1-D launch, its lanes' subsequences from Subsequence.
int64_t bruteForce(int64_t Grid, int64_t Block,
                   const std::function<int64_t(int64_t, int64_t)> &Of) {
  int64_t Sum = 0;
  for (int64_t B = 0; B < Grid; ++B)
    for (int64_t W = 0; W < Block / 32; ++W)
      Sum += warpProducts([&](int64_t L) { return Of(B, 32 * W + L); });
  return Sum;
}

const int64_t Grids[] = {1, 2, 7, 64, 100, 782, 1000};
const int64_t Blocks[] = {32, 64, 128, 256, 1024};

} // namespace

TEST(CurandSkipAhead, GlobalThreadIndexMatchesEveryWarp) {
  auto E = xorwowSkipAheadWarpProducts(sym("blockIdx.x") * sym("blockDim.x") +
                                       sym("threadIdx.x"));
  ASSERT_TRUE(E);
  for (int64_t G : Grids)
    for (int64_t B : Blocks)
      EXPECT_EQ(
          evaluate(*E, G, B),
          bruteForce(G, B, [&](int64_t Bx, int64_t Tx) { return Bx * B + Tx; }))
          << G << "x" << B;
}

TEST(CurandSkipAhead, ThreadIndexInBlockMatchesEveryWarp) {
  auto E = xorwowSkipAheadWarpProducts(sym("threadIdx.x"));
  ASSERT_TRUE(E);
  for (int64_t G : Grids)
    for (int64_t B : Blocks)
      EXPECT_EQ(evaluate(*E, G, B),
                bruteForce(G, B, [](int64_t, int64_t Tx) { return Tx; }))
          << G << "x" << B;
}

TEST(CurandSkipAhead, BlockIndexIsEveryLanes) {
  auto E = xorwowSkipAheadWarpProducts(sym("blockIdx.x"));
  ASSERT_TRUE(E);
  for (int64_t G : Grids)
    for (int64_t B : Blocks)
      EXPECT_EQ(evaluate(*E, G, B),
                bruteForce(G, B, [](int64_t Bx, int64_t) { return Bx; }))
          << G << "x" << B;
}

TEST(CurandSkipAhead, OtherSubsequencesAreNotCounted) {
  EXPECT_FALSE(xorwowSkipAheadWarpProducts(sym("threadIdx.x") * Expr(2)));
  EXPECT_FALSE(xorwowSkipAheadWarpProducts(sym("seed")));
}

TEST(CurandSkipAhead, DigitSumBelowAddsEveryNumbersDigit) {
  for (int64_t Place : {1, 2, 4, 8, 16})
    for (int64_t N = 0; N < 300; N += 7) {
      int64_t Want = 0;
      for (int64_t W = 0; W < N; ++W)
        Want += (W / Place) % 4;
      Bindings B{{"n", N}};
      EvalResult R = digitSumBelow(sym("n"), Place).evaluate(B);
      ASSERT_TRUE(R.ok());
      EXPECT_EQ(static_cast<int64_t>(R.Value->floor()), Want)
          << "place " << Place << " n " << N;
    }
}
