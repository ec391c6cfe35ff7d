//===- LaunchEnumerationTest.cpp - Warp-uniform counts over a launch ------===//
#include "analyzer/models/LaunchEnumeration.h"
#include "ExprFixtures.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

using rla::fixtures::sym;

LaunchSpec launch(int64_t Grid, int64_t Block) {
  LaunchSpec L;
  L.Grid = {Rational(Grid), Rational(1), Rational(1)};
  L.Block = {Rational(Block), Rational(1), Rational(1)};
  return L;
}

/// The trips of a grid-stride loop over the warp's first index up to n.
Expr warpTrips() {
  Expr Start = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x") -
               Expr::mod(sym("threadIdx.x"), Expr(32));
  return Expr::max(
      Expr::ceilDiv(sym("n") - Start, sym("blockDim.x") * sym("gridDim.x")),
      Expr(0));
}

Bindings values() {
  return {{"n", Rational(1000)},
          {"blockDim.x", Rational(64)},
          {"gridDim.x", Rational(4)}};
}

} // namespace

// 4 blocks of 64 threads over n = 1000: warps start at 0, 32, ..., 224 and
// each takes ceil((1000 - start) / 256) trips. A launch-wide formula of
// threads x trips (every lane loads) and warps x trips (lane 0 adds) has
// the warps' mean trips for its trips.
TEST(LaunchEnumerationTest, WarpUniformTripsAreAveragedOverTheWarps) {
  double Trips = 0;
  for (int W = 0; W < 8; ++W)
    Trips += (1000 - 32 * W + 255) / 256;
  Expr Total = Expr(256) * warpTrips() + Expr(8) * warpTrips();
  std::optional<double> Mean =
      meanOverLaunchWarps(Total, values(), launch(4, 64));
  ASSERT_TRUE(Mean.has_value());
  EXPECT_DOUBLE_EQ(*Mean, 256 * Trips / 8 + 8 * Trips / 8);
}

// A formula that names the lane differs within a warp: no number, since
// which lanes each statement runs for is not in the formula.
TEST(LaunchEnumerationTest, LaneFormulasAreNotAveraged) {
  Expr Lane = Expr::mod(sym("threadIdx.x"), Expr(32));
  EXPECT_FALSE(meanOverLaunchWarps(Lane, values(), launch(4, 64)));
  // Blocks of 48 threads split warps across blocks.
  EXPECT_FALSE(meanOverLaunchWarps(warpTrips(), values(), launch(4, 48)));
}

// Too many warps, an unknown size or an unbound symbol: no number.
TEST(LaunchEnumerationTest, NoNumberOutsideTheBudgetOrTheValues) {
  Bindings Values = values();
  EXPECT_FALSE(meanOverLaunchWarps(warpTrips(), Values, launch(1 << 12, 1024)));
  EXPECT_FALSE(
      meanOverLaunchWarps(sym("m") * warpTrips(), Values, launch(4, 64)));
  EXPECT_FALSE(meanOverLaunchWarps(Expr(1), Values, LaunchSpec()));
}
