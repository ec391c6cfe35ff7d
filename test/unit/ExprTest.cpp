//===- ExprTest.cpp - Unit tests for rla::Expr ----------------------------===//
#include "analyzer/ir/Expr.h"
#include "ExprFixtures.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>

using rla::Bindings;
using rla::EvalResult;
using rla::Expr;
using rla::Rational;

namespace {

using rla::fixtures::sym;

using I128 = __int128;

/// The value of E under Values, which must evaluate cleanly.
Rational valueOf(const Expr &E, const Bindings &Values) {
  EvalResult R = E.evaluate(Values);
  EXPECT_TRUE(R.ok()) << E.str();
  return R.Value.value_or(Rational(0));
}

I128 floorDivRef(I128 A, I128 B) { return Rational(A, B).floor(); }

TEST(ExprTest, ConstantFolding) {
  EXPECT_EQ(Expr::floorDiv(7, 2), Expr(3));
  EXPECT_EQ(Expr::floorDiv(-7, 2), Expr(-4));
  EXPECT_EQ(Expr::floorDiv(7, -2), Expr(-4));
  EXPECT_EQ(Expr::ceilDiv(7, 2), Expr(4));
  EXPECT_EQ(Expr::ceilDiv(-7, 2), Expr(-3));
  EXPECT_EQ(Expr::mod(7, 3), Expr(1));
  EXPECT_EQ(Expr::mod(-7, 3), Expr(2));
  EXPECT_EQ(Expr::min(3, 5), Expr(3));
  EXPECT_EQ(Expr::max(3, 5), Expr(5));
  EXPECT_EQ(Expr::log2Floor(0), Expr(-1));
  EXPECT_EQ(Expr::log2Floor(1), Expr(0));
  EXPECT_EQ(Expr::log2Floor(8), Expr(3));
  EXPECT_EQ(Expr::log2Floor(9), Expr(3));
  EXPECT_EQ(Expr::log2Ceil(1), Expr(0));
  EXPECT_EQ(Expr::log2Ceil(5), Expr(3));
  EXPECT_EQ(Expr::log2Ceil(8), Expr(3));
  EXPECT_EQ(Expr::popcount(13), Expr(3));
  EXPECT_EQ(Expr::pow2(10), Expr(1024));
  EXPECT_EQ(*Expr(Rational(3, 4)).asConstant(), Rational(3, 4));
}

TEST(ExprTest, UndefinedConstantsStayAtoms) {
  Expr DivZero = Expr::floorDiv(1, 0);
  EXPECT_FALSE(DivZero.isConstant());
  EXPECT_TRUE(DivZero.evaluate({}).DomainError);
  EXPECT_TRUE(Expr::popcount(Rational(1, 2)).evaluate({}).DomainError);
  EXPECT_TRUE(Expr::pow2(200).evaluate({}).Overflow);
}

TEST(ExprTest, CanonicalEquality) {
  Expr N = sym("n");
  EXPECT_EQ(N + 1, 1 + N);
  EXPECT_EQ((N + 1) * (N - 1), N * N - 1);
  EXPECT_EQ(N - N, Expr());
  EXPECT_TRUE((N - N).isZero());
  EXPECT_EQ(sym("a") * sym("b"), sym("b") * sym("a"));
  EXPECT_NE(N, sym("m"));
  EXPECT_EQ(Expr::min(N, sym("m")), Expr::min(sym("m"), N));
  EXPECT_EQ(Expr::floorDiv(N + 1, 4), Expr::floorDiv(1 + N, 4));
  EXPECT_EQ(N.asSymbol(), std::optional<std::string>("n"));
  EXPECT_FALSE((2 * N).asSymbol());
}

TEST(ExprTest, TotalOrder) {
  std::vector<Expr> Es = {sym("n"),
                          sym("m"),
                          Expr(3),
                          sym("n") * sym("n"),
                          Expr::floorDiv(sym("n"), 2),
                          Expr::min(sym("n"), sym("m")),
                          Expr(Rational(1, 2))};
  for (const Expr &A : Es)
    for (const Expr &B : Es) {
      bool Equal = A == B;
      EXPECT_EQ(Equal, !(A < B) && !(B < A)) << A.str() << " vs " << B.str();
      if (!Equal) {
        EXPECT_NE(A < B, B < A);
      }
    }
  std::map<Expr, int> M;
  M[sym("n") + 1] = 1;
  M[1 + sym("n")] = 2;
  EXPECT_EQ(M.size(), 1u);
}

TEST(ExprTest, Printing) {
  Expr N = sym("N"), n = sym("n");
  EXPECT_EQ(Expr().str(), "0");
  EXPECT_EQ((2 * n).str(), "2*n");
  EXPECT_EQ((2 * N * N * N).str(), "2*N^3");
  EXPECT_EQ((N * N + 3 * N).str(), "N^2 + 3*N");
  EXPECT_EQ((N * N + 3 * N + 2).str(), "N^2 + 3*N + 2");
  EXPECT_EQ((n - 1).str(), "n - 1");
  EXPECT_EQ((5 - n).str(), "-n + 5");
  EXPECT_EQ((sym("gridDim.x") * sym("blockDim.x")).str(),
            "blockDim.x*gridDim.x");
  EXPECT_EQ(((n * n - n) * Rational(1, 2)).str(), "(n^2 - n)/2");
  EXPECT_EQ((n * Rational(3, 2)).str(), "3*n/2");
  EXPECT_EQ(Expr(Rational(-1, 2)).str(), "-1/2");
  EXPECT_EQ(Expr::floorDiv(n + 255, 256).str(), "(n + 255)/256");
  EXPECT_EQ(Expr::ceilDiv(n, 256).str(), "ceildiv(n, 256)");
  EXPECT_EQ(Expr::mod(n + 3, 4).str(), "(n + 3) % 4");
  EXPECT_EQ(Expr::mod(n, 4).str(), "n % 4");
  EXPECT_EQ(Expr::min(n, sym("blockDim.x") * sym("gridDim.x")).str(),
            "min(n, blockDim.x*gridDim.x)");
  EXPECT_EQ(Expr::max(n - 1, 0).str(), "max(n - 1, 0)");
  EXPECT_EQ((Expr::log2Floor(sym("s")) + 1).str(), "log2floor(s) + 1");
  EXPECT_EQ(Expr::log2Ceil(n).str(), "log2ceil(n)");
  EXPECT_EQ((2 * n - Expr::popcount(n)).str(), "2*n - popcount(n)");
  EXPECT_EQ(Expr::pow2(n).str(), "2^(n)");
  // Infix atoms are parenthesized inside products and under a minus.
  EXPECT_EQ((4 * Expr::floorDiv(n, 256)).str(), "4*(n/256)");
  EXPECT_EQ((-Expr::floorDiv(n, 256)).str(), "-(n/256)");
  EXPECT_EQ((n * Expr::floorDiv(n + 1, 2)).str(), "n*((n + 1)/2)");
  EXPECT_EQ(Expr::floorDiv(n * sym("m"), 2 * sym("k")).str(), "(m*n)/(2*k)");
  EXPECT_EQ((n * Expr::log2Floor(sym("s"))).str(), "n*log2floor(s)");
}

TEST(ExprTest, DivisionSimplification) {
  Expr n = sym("n");
  EXPECT_EQ(Expr::floorDiv(n, 1), n);
  EXPECT_EQ(Expr::ceilDiv(n, 1), n);
  EXPECT_EQ(Expr::floorDiv(4 * n + 8, 4), n + 2);
  EXPECT_EQ(Expr::ceilDiv(4 * n + 8, 4), n + 2);
  EXPECT_EQ(Expr::floorDiv(2 * n + 1, 2), n);
  EXPECT_EQ(Expr::ceilDiv(2 * n + 1, 2), n + 1);
  EXPECT_EQ(Expr::floorDiv(n + 256, 256), Expr::floorDiv(n, 256) + 1);
  EXPECT_EQ(Expr::floorDiv(Expr::floorDiv(n, 4), 8), Expr::floorDiv(n, 32));
  EXPECT_EQ(Expr::mod(n, 1), Expr());
  EXPECT_EQ(Expr::mod(4 * n, 4), Expr());
  EXPECT_EQ(Expr::mod(n + 4, 4), Expr::mod(n, 4));
  EXPECT_EQ(Expr::mod(Expr::mod(n, 4), 4), Expr::mod(n, 4));
  EXPECT_EQ(Expr::floorDiv(0, n), Expr());
  // A rational polynomial is not assumed to be an integer.
  Expr Half = n * Rational(1, 2);
  EXPECT_NE(Expr::floorDiv(Half, 1), Half);
  EXPECT_EQ(Expr::log2Floor(Expr::pow2(n)), n);
  EXPECT_EQ(Expr::popcount(Expr::pow2(n)), Expr(1));
}

/// Simplified forms must agree with the definitions at many points.
TEST(ExprTest, SimplificationsAreSound) {
  Expr n = sym("n");
  for (int C : {-5, -3, -1, 1, 2, 3, 7}) {
    for (int A : {-3, -1, 0, 1, 2, 6}) {
      for (int B : {-9, -1, 0, 4, 13}) {
        Expr P = A * n + B;
        Expr F = Expr::floorDiv(P, C), Ce = Expr::ceilDiv(P, C),
             M = Expr::mod(P, C),
             Nested = Expr::floorDiv(Expr::floorDiv(P, 3), C);
        for (int V = 0; V < 30; ++V) {
          Bindings Bs{{"n", Rational(V)}};
          I128 X = A * V + B;
          EXPECT_EQ(valueOf(F, Bs), Rational(floorDivRef(X, C), 1)) << F.str();
          EXPECT_EQ(valueOf(Ce, Bs), Rational(Rational(X, C).ceil(), 1))
              << Ce.str();
          EXPECT_EQ(valueOf(M, Bs), Rational(X - C * floorDivRef(X, C), 1))
              << M.str();
          if (C > 0) {
            EXPECT_EQ(valueOf(Nested, Bs),
                      Rational(floorDivRef(floorDivRef(X, 3), C), 1))
                << Nested.str();
          }
        }
      }
    }
  }
}

TEST(ExprTest, MinMaxSimplification) {
  Expr n = sym("n"), m = sym("m");
  EXPECT_EQ(Expr::max(0, n), n);
  EXPECT_EQ(Expr::max(n, 0), n);
  EXPECT_EQ(Expr::min(0, n), Expr());
  EXPECT_EQ(Expr::min(n, n + 1), n);
  EXPECT_EQ(Expr::max(n, n + 1), n + 1);
  EXPECT_EQ(Expr::min(n, n), n);
  EXPECT_EQ(Expr::min(n * m, n * m + m), n * m);
  Expr Undecided = Expr::min(n, m);
  EXPECT_FALSE(Undecided.isConstant());
  EXPECT_EQ(valueOf(Undecided, {{"n", Rational(3)}, {"m", Rational(2)}}),
            Rational(2));
  EXPECT_EQ(valueOf(Expr::max(n - 1, 0), {{"n", Rational(0)}}), Rational(0));
}

TEST(ExprTest, ProvablyNonNegative) {
  Expr n = sym("n"), s = sym("s");
  EXPECT_TRUE((n * n + 2 * n).isProvablyNonNegative());
  EXPECT_FALSE((n - 1).isProvablyNonNegative());
  EXPECT_TRUE(Expr::floorDiv(n, 4).isProvablyNonNegative());
  EXPECT_TRUE(Expr::mod(n - 7, 4).isProvablyNonNegative());
  EXPECT_FALSE(Expr::log2Floor(s).isProvablyNonNegative());
  EXPECT_TRUE(Expr::log2Floor(s + 1).isProvablyNonNegative());
  EXPECT_TRUE(Expr::log2Ceil(s).isProvablyNonNegative());
  EXPECT_TRUE(Expr::popcount(s).isProvablyNonNegative());
  EXPECT_TRUE(Expr::max(n - 1, 0).isProvablyNonNegative());
  EXPECT_FALSE(Expr::min(n - 1, 0).isProvablyNonNegative());
  EXPECT_TRUE(
      (Expr::log2Floor(s) * Expr::log2Floor(s)).isProvablyNonNegative());
}

TEST(ExprTest, SymbolsAndSubstitute) {
  Expr n = sym("n"), b = sym("blockDim.x");
  Expr E = n * b + Expr::floorDiv(sym("k"), 2);
  EXPECT_EQ(E.symbols(), (std::set<std::string>{"blockDim.x", "k", "n"}));
  EXPECT_TRUE(E.dependsOn("k"));
  EXPECT_FALSE(E.dependsOn("m"));
  EXPECT_EQ(E.substitute("k", 2 * n + 1), n * b + n);
  EXPECT_EQ(E.substitute("zzz", n), E);
  EXPECT_EQ((n * n).substitute("n", n + 1), n * n + 2 * n + 1);
  // Simultaneous substitution: replacements are not substituted again.
  Expr Swapped = (n - b).substitute({{"n", b}, {"blockDim.x", n}});
  EXPECT_EQ(Swapped, b - n);
  // Substitution re-simplifies atoms.
  EXPECT_EQ(Expr::min(n, sym("m")).substitute("m", n + 3), n);
  EXPECT_EQ(Expr::log2Floor(sym("s")).substitute("s", 256), Expr(8));
}

TEST(ExprTest, CoefficientsIn) {
  Expr n = sym("n"), i = sym("i");
  auto C = (3 * i * i * n + i - n + 2).coefficientsIn("i");
  ASSERT_TRUE(C);
  ASSERT_EQ(C->size(), 3u);
  EXPECT_EQ((*C)[0], 2 - n);
  EXPECT_EQ((*C)[1], Expr(1));
  EXPECT_EQ((*C)[2], 3 * n);
  auto None = n.coefficientsIn("i");
  ASSERT_TRUE(None);
  ASSERT_EQ(None->size(), 1u);
  EXPECT_EQ((*None)[0], n);
  EXPECT_FALSE((i + Expr::floorDiv(i, 2)).coefficientsIn("i"));
  EXPECT_TRUE((i + Expr::floorDiv(n, 2)).coefficientsIn("i"));
}

TEST(ExprTest, SumOver) {
  Expr n = sym("n"), i = sym("i"), N = sym("N");
  auto Tri = (n - i - 1).sumOver("i", 0, n);
  ASSERT_TRUE(Tri);
  EXPECT_EQ(*Tri, (n * n - n) * Rational(1, 2));
  EXPECT_EQ(Tri->str(), "(n^2 - n)/2");
  auto Const = Expr(2).sumOver("k", 0, N);
  ASSERT_TRUE(Const);
  EXPECT_EQ(*Const, 2 * N);
  EXPECT_EQ(Const->str(), "2*N");
  auto Cubes = (i * i * i).sumOver("i", 0, N);
  ASSERT_TRUE(Cubes);
  EXPECT_EQ(*Cubes, (N * N * (N - 1) * (N - 1)) * Rational(1, 4));
  EXPECT_FALSE(Expr::floorDiv(i, 2).sumOver("i", 0, N));
  // Closed forms up to degree MaxSumDegree (8), not beyond.
  Expr Ninth(1);
  for (int K = 0; K < 9; ++K)
    Ninth = Ninth * i;
  EXPECT_FALSE(Ninth.sumOver("i", 0, N));
}

/// Every degree with a closed form against brute force.
TEST(ExprTest, SumOverEachDegreeMatchesBruteForce) {
  Expr i = sym("i");
  Expr Power(1);
  for (unsigned Deg = 0; Deg <= Expr::MaxSumDegree; ++Deg, Power = Power * i) {
    auto S = Power.sumOver("i", sym("lo"), sym("hi"));
    ASSERT_TRUE(S) << Deg;
    for (int Lo = 0; Lo < 3; ++Lo)
      for (int Hi = Lo; Hi < 12; ++Hi) {
        Rational Expected;
        for (int V = Lo; V < Hi; ++V)
          Expected = Expected + valueOf(Power, {{"i", Rational(V)}});
        EXPECT_EQ(valueOf(*S, {{"lo", Rational(Lo)}, {"hi", Rational(Hi)}}),
                  Expected)
            << "degree " << Deg << ", " << Lo << ".." << Hi;
      }
  }
}

/// A triangular loop nest seven deep is a polynomial: the count of
/// 0 <= g < f < e < d < c < b < a < n is C(n, 7), evaluated at once.
TEST(ExprTest, TriangularNestSevenDeepIsClosed) {
  Expr Body(1);
  const char *Vars[] = {"g", "f", "e", "d", "c", "b", "a"};
  const char *Bounds[] = {"f", "e", "d", "c", "b", "a", "n"};
  for (int K = 0; K < 7; ++K)
    Body = Expr::sum(Vars[K], Expr(0), sym(Bounds[K]), Body);
  EXPECT_EQ(Body.str().find("sum("), std::string::npos) << Body.str();
  // C(1000, 7) = 194280608456793000
  EXPECT_EQ(valueOf(Body, {{"n", Rational(1000)}}),
            Rational(int64_t(194280608456793000)));
}

/// Closed forms against brute-force sums for every degree up to 4.
TEST(ExprTest, SumOverMatchesBruteForce) {
  Expr i = sym("i"), a = sym("a");
  Expr Poly = 3 * i * i * i * i - 2 * a * i * i * i + i * i + 5 * a * i - 7;
  auto S = Poly.sumOver("i", sym("lo"), sym("hi"));
  ASSERT_TRUE(S);
  for (int Lo = 0; Lo < 4; ++Lo)
    for (int Hi = Lo; Hi < 9; ++Hi) {
      Rational Expected;
      for (int V = Lo; V < Hi; ++V)
        Expected =
            Expected + valueOf(Poly, {{"i", Rational(V)}, {"a", Rational(3)}});
      Bindings Bs{
          {"lo", Rational(Lo)}, {"hi", Rational(Hi)}, {"a", Rational(3)}};
      EXPECT_EQ(valueOf(*S, Bs), Expected) << Lo << ".." << Hi;
    }
}

TEST(ExprTest, EvaluateExactLargeValues) {
  Expr N = sym("N"), n = sym("n");
  EXPECT_EQ(valueOf(2 * N * N * N, {{"N", Rational(4096)}}),
            Rational(int64_t(137438953472)));
  EXPECT_EQ(valueOf(n * 12, {{"n", Rational(100000000)}}),
            Rational(int64_t(1200000000)));
  // 2^80 does not fit int64_t but fits the 128-bit evaluation.
  Rational TwoTo40(int64_t(1) << 40);
  Rational V = valueOf(N * N, {{"N", TwoTo40}});
  EXPECT_EQ(V.num(), static_cast<I128>(1) << 80);
  EXPECT_EQ(V.str(), "1208925819614629174706176");
  EXPECT_EQ(valueOf(Expr::floorDiv(n, 2), {{"n", Rational(-7)}}), Rational(-4));
  EXPECT_EQ(valueOf(n * Rational(1, 3), {{"n", Rational(2)}}), Rational(2, 3));
}

TEST(ExprTest, EvaluateReportsUnboundAndErrors) {
  Expr n = sym("n"), m = sym("m");
  EvalResult R =
      (n * m + Expr::floorDiv(sym("k"), n)).evaluate({{"n", Rational(3)}});
  EXPECT_FALSE(R.Value);
  EXPECT_FALSE(R.ok());
  EXPECT_EQ(R.Unbound, (std::set<std::string>{"k", "m"}));

  Rational TwoTo62(int64_t(1) << 62);
  EvalResult O = (n * n * n).evaluate({{"n", TwoTo62}});
  EXPECT_TRUE(O.Overflow);
  EXPECT_FALSE(O.ok());

  EvalResult D =
      Expr::floorDiv(m, n).evaluate({{"n", Rational(0)}, {"m", Rational(1)}});
  EXPECT_TRUE(D.DomainError);
  EXPECT_FALSE(D.ok());

  EvalResult L = Expr::log2Floor(n).evaluate({{"n", Rational(1, 2)}});
  EXPECT_TRUE(L.DomainError);
}

TEST(ExprTest, ReductionTripCounts) {
  // for (s = blockDim.x / 2; s > 0; s >>= 1) runs log2floor(s) + 1 times.
  Expr S = Expr::floorDiv(sym("blockDim.x"), 2);
  Expr Trips = Expr::log2Floor(S) + 1;
  EXPECT_EQ(valueOf(Trips, {{"blockDim.x", Rational(256)}}), Rational(8));
  EXPECT_EQ(valueOf(Trips, {{"blockDim.x", Rational(1)}}), Rational(0));
  // sum_{k>=0} floor(s / 2^k) == 2s - popcount(s).
  Expr s = sym("s");
  Expr Work = 2 * s - Expr::popcount(s);
  EXPECT_EQ(valueOf(Work, {{"s", Rational(128)}}), Rational(255));
  for (int V = 0; V < 200; ++V) {
    int Expected = 0;
    for (int X = V; X > 0; X >>= 1)
      Expected += X;
    EXPECT_EQ(valueOf(Work, {{"s", Rational(V)}}), Rational(Expected));
  }
}

} // namespace

namespace {

TEST(ExprTest, SumAtomWithoutClosedFormEvaluatesTermByTerm) {
  // sum_{t=0}^{T-1} min(K - 16t, 16) with T = ceil(K/16): K when K >= 0.
  Expr T = Expr::symbol("$t#1");
  Expr Body = Expr::min(sym("K") - Expr(16) * T, Expr(16));
  Expr S = Expr::sum("$t#1", Expr(0), Expr::ceilDiv(sym("K"), Expr(16)), Body);
  EXPECT_FALSE(S.dependsOn("$t#1"));
  EXPECT_TRUE(S.dependsOn("K"));
  for (int64_t K : {0, 1, 15, 16, 17, 1000})
    EXPECT_EQ(valueOf(S, {{"K", Rational(K)}}), Rational(K)) << "K=" << K;
  EXPECT_NE(S.str().find("sum(t = 0 .. "), std::string::npos) << S.str();
  // Substituting K keeps the bound variable bound.
  EXPECT_EQ(valueOf(S.substitute("K", Expr(40)), {}), Rational(40));
}

/// Nested sums without a closed form share one budget of terms: past it
/// the value is unknown (OverBudget), after a bounded amount of work.
TEST(ExprTest, NestedSumsPastTheBudgetAreNotEvaluated) {
  Expr T = sym("t"), U = sym("u");
  Expr Inner = Expr::sum("u", Expr(0), sym("m"), Expr::floorDiv(U + T, 3));
  Expr Outer = Expr::sum("t", Expr(0), sym("m"), Inner);
  ASSERT_NE(Outer.str().find("sum("), std::string::npos) << Outer.str();
  // 100 x 100 terms: within the budget, exact.
  EvalResult Small = Outer.evaluate({{"m", Rational(100)}});
  ASSERT_TRUE(Small.ok());
  EXPECT_FALSE(Small.OverBudget);
  // 4096 x 4096 terms: more than 2^20, so none of it is guessed.
  EvalResult Big = Outer.evaluate({{"m", Rational(4096)}});
  EXPECT_FALSE(Big.ok());
  EXPECT_FALSE(Big.Value);
  EXPECT_TRUE(Big.OverBudget);
  EXPECT_TRUE(Big.DomainError);
}

/// Inside nested sums, atoms that depend on only some of the summed
/// variables are computed once per value of those (f(t) once per t, not
/// per (b, t)); the result is the term-by-term sum all the same.
TEST(ExprTest, NestedSumsReuseAtomsOfSomeVariables) {
  Expr B = sym("b"), T = sym("t");
  Expr PerThread =
      Expr::max(Expr::ceilDiv(sym("C") - Expr::mod(T, 32), 32), Expr(0));
  Expr PerBoth = Expr::max(
      Expr::ceilDiv(sym("N") - B * Expr(8) - Expr::floorDiv(T, 32), sym("G")),
      Expr(0));
  Expr Body = Expr(16) * PerBoth * PerThread + Expr(2) * PerBoth;
  Expr S = Expr::sum("b", Expr(0), sym("g"),
                     Expr::sum("t", Expr(0), sym("k"), Body));
  ASSERT_NE(S.str().find("sum("), std::string::npos) << S.str();
  Bindings V = {{"C", Rational(700)},
                {"N", Rational(1000)},
                {"G", Rational(96)},
                {"g", Rational(12)},
                {"k", Rational(256)}};
  Rational Expected;
  for (int64_t Bv = 0; Bv < 12; ++Bv)
    for (int64_t Tv = 0; Tv < 256; ++Tv) {
      int64_t Thread = std::max<int64_t>(0, (700 - Tv % 32 + 31) / 32);
      int64_t Num = 1000 - 8 * Bv - Tv / 32;
      int64_t Both =
          std::max<int64_t>(0, Num > 0 ? (Num + 95) / 96 : -(-Num / 96));
      Expected = Expected + Rational(16 * Both * Thread + 2 * Both);
    }
  EXPECT_EQ(valueOf(S, V), Expected);
  // Evaluated again (its value is kept), and under other values.
  EXPECT_EQ(valueOf(S, V), Expected);
  V["C"] = Rational(64);
  EXPECT_NE(valueOf(S, V), Expected);
}

/// A sum whose value is kept still charges its nested terms to the budget
/// of each evaluation: the same formula is unknown past the budget whether
/// or not one of its sums was evaluated before.
TEST(ExprTest, KeptSumsChargeTheBudget) {
  Expr T = sym("t"), U = sym("u");
  Expr Inner = Expr::sum("u", Expr(0), sym("m"), Expr::floorDiv(U + T, 3));
  Expr Outer = Expr::sum("t", Expr(0), sym("m"), Inner);
  Bindings V = {{"m", Rational(800)}}; // 640,000 terms: within 2^20
  EvalResult One = Outer.evaluate(V);
  ASSERT_TRUE(One.ok());
  EvalResult Again = Outer.evaluate(V);
  ASSERT_TRUE(Again.ok());
  EXPECT_EQ(*Again.Value, *One.Value);
  // With another sum as long: 1.28M terms, past the budget, although the
  // first one's value is kept.
  Expr Other =
      Expr::sum("t", Expr(0), sym("m"),
                Expr::sum("u", Expr(0), sym("m"), Expr::floorDiv(U + T, 5)));
  ASSERT_TRUE(Other.evaluate(V).ok());
  EvalResult Both = (Outer + Other).evaluate(V);
  EXPECT_FALSE(Both.ok());
  EXPECT_TRUE(Both.OverBudget);
}

/// A constant factor of a one-term body is taken outside the sum, so that
/// sums that differ only in it are one atom.
TEST(ExprTest, SumTakesAConstantFactorOutside) {
  Expr Body =
      Expr::max(Expr::ceilDiv(sym("K") - Expr::mod(sym("t"), 32), 32), Expr(0));
  Expr Four = Expr::sum("t", Expr(0), sym("m"), Expr(4) * Body);
  Expr One = Expr::sum("t", Expr(0), sym("m"), Body);
  EXPECT_EQ(Four, Expr(4) * One);
  EXPECT_EQ(Four.str().find("sum("), Four.str().find("4*sum(") + 2)
      << Four.str();
  Bindings V = {{"K", Rational(100)}, {"m", Rational(64)}};
  EXPECT_EQ(valueOf(Four, V), Rational(4) * valueOf(One, V));
}

TEST(ExprTest, SumOfAPolynomialIsClosed) {
  Expr S = Expr::sum("i", Expr(0), sym("n"), sym("i"));
  EXPECT_EQ(S, (sym("n") * sym("n") - sym("n")) * Expr(Rational(1, 2)));
}

TEST(ExprTest, ResolveMinMaxForOneLaunch) {
  Expr Grid = sym("blockDim.x") * sym("gridDim.x");
  Expr F = Expr(2) * sym("N") * Expr::min(sym("N"), Grid);
  Bindings Covering = {{"N", Rational(1024)},
                       {"blockDim.x", Rational(16)},
                       {"gridDim.x", Rational(64)}};
  EXPECT_EQ(F.resolveMinMax(Covering).str(), "2*N^2");
  Bindings Short = {{"N", Rational(1024)},
                    {"blockDim.x", Rational(16)},
                    {"gridDim.x", Rational(10)}};
  EXPECT_EQ(F.resolveMinMax(Short).str(), "2*N*blockDim.x*gridDim.x");
  // Unbound operands stay as they are.
  EXPECT_EQ(F.resolveMinMax({}), F);
}

TEST(ExprTest, ModPlusConstant) {
  auto M = (Expr::mod(sym("x"), Expr(32)) - Expr(3)).asModPlusConstant();
  ASSERT_TRUE(M.has_value());
  EXPECT_EQ(M->Dividend, sym("x"));
  EXPECT_EQ(M->Divisor, Rational(32));
  EXPECT_EQ(M->Offset, Rational(-3));
  EXPECT_FALSE((Expr(2) * Expr::mod(sym("x"), Expr(32))).asModPlusConstant());
  EXPECT_FALSE(sym("x").asModPlusConstant());
}

TEST(ExprTest, RelaxedNonNegativity) {
  // x - x/2 >= 0 needs the bound floor(x/2) <= x/2.
  Expr X = sym("x");
  Expr D = X - Expr::floorDiv(X, Expr(2));
  EXPECT_FALSE(D.isProvablyNonNegative());
  EXPECT_TRUE(D.isProvablyNonNegativeRelaxed());
  EXPECT_FALSE((Expr::floorDiv(X, Expr(2)) - X).isProvablyNonNegativeRelaxed());
}

TEST(ExprTest, RemainderBesideAnyRest) {
  // lane - offset: the remainder of threadIdx.x by 32 and the rest beside it.
  Expr Lane = Expr::mod(Expr::symbol("threadIdx.x"), Expr(32));
  auto M = (Lane - Expr::symbol("offset")).asModPlus();
  ASSERT_TRUE(M.has_value());
  EXPECT_EQ(M->Divisor, Rational(32));
  EXPECT_EQ(M->Dividend, Expr::symbol("threadIdx.x"));
  EXPECT_EQ(M->Rest, -Expr::symbol("offset"));
  EXPECT_FALSE((Lane - Expr::symbol("offset")).asModPlusConstant());
  EXPECT_FALSE((Expr::symbol("offset") - Lane).asModPlus());
}

} // namespace

TEST(ExprTest, DivisorsOfAnIndex) {
  Expr T = sym("t");
  Expr E = Expr::floorDiv(T, Expr(32)) * sym("n") + Expr::mod(T, Expr(32)) +
           Expr::floorDiv(T + Expr(1), Expr(64)) + Expr::mod(T, Expr(8));
  // t + 1 is not exactly t: only 8 and 32.
  EXPECT_EQ(E.divisorsOf("t"), (std::vector<int64_t>{8, 32}));
  EXPECT_TRUE(sym("n").divisorsOf("t").empty());
}

TEST(ExprTest, SplitIndexKeepsTheValue) {
  // t == 32*h + l with 0 <= l < 32: every form agrees with the original at
  // every t, and t / 32, t % 32 become the digits themselves.
  Expr T = sym("t");
  EXPECT_EQ(Expr::floorDiv(T, Expr(32)).splitIndex("t", 32, "h", "l"),
            sym("h"));
  EXPECT_EQ(Expr::mod(T, Expr(32)).splitIndex("t", 32, "h", "l"), sym("l"));
  std::vector<Expr> Forms = {Expr::floorDiv(T, Expr(32)) * Expr(100) +
                                 Expr::mod(T, Expr(32)),
                             Expr::floorDiv(T, Expr(64)),
                             Expr::mod(T, Expr(64)),
                             Expr::floorDiv(T, Expr(8)),
                             Expr::mod(T, Expr(8)),
                             Expr::floorDiv(T, Expr(5)) + T * Expr(3)};
  for (const Expr &F : Forms) {
    Expr Split = F.splitIndex("t", 32, "h", "l");
    EXPECT_FALSE(Split.dependsOn("t")) << Split.str();
    for (int64_t V = 0; V < 200; ++V)
      EXPECT_EQ(
          valueOf(F, {{"t", Rational(V)}}),
          valueOf(Split, {{"h", Rational(V / 32)}, {"l", Rational(V % 32)}}))
          << F.str() << " at t = " << V;
  }
}

TEST(ExprTest, ScaledDividendSplitsLikeTheIndex) {
  // (8 * b) / 256 and (8 * b) % 256 are b / 32 and 8 * (b % 32): the block
  // index of a tile loop written in tile units.
  Expr B = sym("b");
  Expr Row = Expr::floorDiv(Expr(8) * B, Expr(256));
  Expr Col = Expr::mod(Expr(8) * B, Expr(256));
  EXPECT_EQ((Row + Col).divisorsOf("b"), (std::vector<int64_t>{32}));
  // A factor that does not divide the divisor is no digit.
  EXPECT_TRUE(Expr::floorDiv(Expr(3) * B, Expr(256)).divisorsOf("b").empty());
  for (const Expr &F : {Row, Col, Row * Expr(1000) + Col}) {
    Expr Split = F.splitIndex("b", 32, "h", "l");
    EXPECT_FALSE(Split.dependsOn("b")) << Split.str();
    for (int64_t V = 0; V < 300; ++V)
      EXPECT_EQ(
          valueOf(F, {{"b", Rational(V)}}),
          valueOf(Split, {{"h", Rational(V / 32)}, {"l", Rational(V % 32)}}))
          << F.str() << " at b = " << V;
  }
}

TEST(ExprTest, FloorDivPlus) {
  Expr T = sym("t");
  auto F = (Expr(3) * Expr::floorDiv(T, Expr(32)) - sym("n")).asFloorDivPlus();
  ASSERT_TRUE(F.has_value());
  EXPECT_EQ(F->Dividend, T);
  EXPECT_EQ(F->Divisor, Rational(32));
  EXPECT_EQ(F->Coef, Rational(3));
  EXPECT_EQ(F->Rest, -sym("n"));
  EXPECT_FALSE((T + Expr(1)).asFloorDivPlus().has_value());
}

TEST(ExprTest, RemainderOverItsModulusIsZero) {
  Expr Lane = Expr::mod(Expr::symbol("threadIdx.x"), Expr(32));
  // for (k = lane; k < 256; k += 32): ceil((256 - lane) / 32) = 8 trips.
  EXPECT_EQ(Expr::ceilDiv(Expr(256) - Lane, Expr(32)), Expr(8));
  EXPECT_TRUE(Expr::floorDiv(Lane, Expr(32)).isZero());
  // Not for another divisor: (x mod 32) / 16 is 0 or 1.
  EXPECT_FALSE(Expr::floorDiv(Lane, Expr(16)).isConstant());
}

TEST(ExprTest, RemaindersThatNeverWrapAreTheirDividends) {
  // s[(32 * t + k) & 8191] with t < 256 and k < 16: the index stays below
  // 8192, so the mask changes nothing and the address is affine again.
  Expr T = Expr::symbol("t"), K = Expr::symbol("k");
  Expr Dividend = Expr(32) * T + K;
  Expr Address = Expr(4) * Expr::mod(Dividend, Expr(8192));
  auto Below = [](const Expr &) -> std::optional<std::pair<int64_t, int64_t>> {
    return std::make_pair(int64_t(0), int64_t(32 * 255 + 15));
  };
  EXPECT_EQ(Address.dropExactRemainders(Below), Expr(4) * Dividend);
  // One that wraps (t up to 300), or whose range is not known, stays.
  auto Wraps = [](const Expr &) -> std::optional<std::pair<int64_t, int64_t>> {
    return std::make_pair(int64_t(0), int64_t(32 * 299 + 15));
  };
  EXPECT_EQ(Address.dropExactRemainders(Wraps), Address);
  auto Unknown =
      [](const Expr &) -> std::optional<std::pair<int64_t, int64_t>> {
    return std::nullopt;
  };
  EXPECT_EQ(Address.dropExactRemainders(Unknown), Address);
  // Inside another atom: min(n, 4 * ((t + 1) mod 8192)).
  Expr Nested = Expr::min(Expr::symbol("n"),
                          Expr(4) * Expr::mod(T + Expr(1), Expr(8192)));
  EXPECT_EQ(Nested.dropExactRemainders(Below),
            Expr::min(Expr::symbol("n"), Expr(4) * (T + Expr(1))));
}
