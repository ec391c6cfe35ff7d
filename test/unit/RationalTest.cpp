//===- RationalTest.cpp - Unit tests for rla::Rational --------------------===//
#include "analyzer/ir/Expr.h"

#include <gtest/gtest.h>

using rla::Expr;
using rla::Rational;

namespace {

using I128 = __int128;

const I128 I128Max = static_cast<I128>(~static_cast<unsigned __int128>(0) >> 1);
const I128 I128Min = -I128Max - 1;

TEST(RationalTest, Normalizes) {
  Rational R(6, -4);
  EXPECT_EQ(R.num(), -3);
  EXPECT_EQ(R.den(), 2);
  EXPECT_EQ(R.str(), "-3/2");
  EXPECT_EQ(Rational(0, -5), Rational(0));
  EXPECT_EQ(Rational(0, -5).den(), 1);
  EXPECT_TRUE(Rational(10, 5).isInteger());
  EXPECT_EQ(Rational(10, 5).str(), "2");
}

TEST(RationalTest, Arithmetic) {
  Rational Half(1, 2), Third(1, 3);
  EXPECT_EQ(Half + Third, Rational(5, 6));
  EXPECT_EQ(Half - Third, Rational(1, 6));
  EXPECT_EQ(Half * Third, Rational(1, 6));
  EXPECT_EQ(Half / Third, Rational(3, 2));
  EXPECT_EQ(-Half, Rational(-1, 2));
  EXPECT_FALSE((Half + Third).overflowed());
  EXPECT_DOUBLE_EQ(Rational(3, 4).toDouble(), 0.75);
}

TEST(RationalTest, FloorAndCeilOfNegatives) {
  EXPECT_EQ(Rational(7, 2).floor(), 3);
  EXPECT_EQ(Rational(7, 2).ceil(), 4);
  EXPECT_EQ(Rational(-7, 2).floor(), -4);
  EXPECT_EQ(Rational(-7, 2).ceil(), -3);
  EXPECT_EQ(Rational(-6, 2).floor(), -3);
  EXPECT_EQ(Rational(-6, 2).ceil(), -3);
}

TEST(RationalTest, Ordering) {
  EXPECT_TRUE(Rational(1, 3) < Rational(1, 2));
  EXPECT_TRUE(Rational(-1, 2) < Rational(-1, 3));
  EXPECT_FALSE(Rational(2, 4) < Rational(1, 2));
  EXPECT_TRUE(Rational(2, 4) <= Rational(1, 2));
  // Cross-multiplication would overflow here; the comparison stays exact.
  Rational A(I128Max - 1, I128Max), B(I128Max - 2, I128Max - 1);
  EXPECT_TRUE(B < A);
  EXPECT_FALSE(A < B);
  EXPECT_TRUE(Rational(I128Min, 1) < Rational(I128Max, 1));
}

TEST(RationalTest, OverflowIsSticky) {
  Rational Big(I128Max, 1);
  Rational Sum = Big + Rational(1);
  EXPECT_TRUE(Sum.overflowed());
  EXPECT_TRUE((Sum - Rational(5)).overflowed());
  EXPECT_TRUE((Big * Rational(2)).overflowed());
  EXPECT_TRUE((-Rational(I128Min, 1)).overflowed());
  EXPECT_TRUE((Rational(1) / Rational(0)).overflowed());
  EXPECT_FALSE((Big * Rational(1, 2)).overflowed());
  EXPECT_FALSE((Big - Big).overflowed());
}

TEST(RationalTest, AnOverflowedCoefficientTellsFormulasApart) {
  Rational Over = Rational(I128Max, 1) + Rational(1);
  Expr X = Expr::symbol("x");
  Expr Overflowed = Expr(Over) * X, Plain = Expr(Rational(4)) * X;
  EXPECT_FALSE(Overflowed == Plain)
      << Overflowed.str() << " vs " << Plain.str();
  EXPECT_FALSE(Overflowed == Expr(Rational(0)) * X);
  EXPECT_TRUE(Overflowed == Expr(Over) * X);
}

TEST(RationalTest, LargeValuesPrint) {
  Rational TwoTo64 = Rational(int64_t(1) << 62) * Rational(4);
  EXPECT_FALSE(TwoTo64.overflowed());
  EXPECT_EQ(TwoTo64.str(), "18446744073709551616");
  EXPECT_EQ(Rational(I128Min, 1).str(),
            "-170141183460469231731687303715884105728");
}

} // namespace

// An overflowed result holds 0; it must not print as 0.
TEST(RationalTest, OverflowPrintsAsOverflow) {
  Rational Big(static_cast<__int128>(1) << 100, 1);
  Rational Product = Big * Big;
  ASSERT_TRUE(Product.overflowed());
  EXPECT_EQ(Product.str(), "overflow");
  EXPECT_EQ((Product + Rational(4)).str(), "overflow");
  EXPECT_EQ((rla::Expr(Product) * rla::Expr::symbol("n")).str(), "overflow*n");
}
