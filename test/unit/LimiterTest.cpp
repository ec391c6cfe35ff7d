//===- LimiterTest.cpp - The one rule that picks what bounds a launch -----===//
#include "analyzer/models/Limiter.h"
#include "analyzer/models/NextStep.h"
#include "analyzer/models/Roofline.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

LimiterTerms terms(double Compute, double Dram) {
  LimiterTerms T;
  T[Level::Compute] = Compute;
  T[Level::Dram] = Dram;
  return T;
}

TEST(Limiter, TheLongestTermBoundsTheLaunchPlusTheFloor) {
  LimiterTerms T = terms(1e-3, 2e-3);
  T[Level::L1] = 1.5e-3;
  T.Floor = 1e-6;
  Limiter L = chooseLimiter(T);
  EXPECT_EQ(L.At, Level::Dram);
  EXPECT_DOUBLE_EQ(L.Seconds, 2e-3 + 1e-6);
  T[Level::Atomics] = 3e-3;
  EXPECT_EQ(chooseLimiter(T).At, Level::Atomics);
}

TEST(Limiter, TiesGoToDramThenComputeThenTheCaches) {
  LimiterTerms T = terms(1e-3, 1e-3);
  EXPECT_EQ(chooseLimiter(T).At, Level::Dram);
  T[Level::Dram].reset();
  T[Level::L2] = 1e-3;
  T[Level::L1] = 1e-3;
  EXPECT_EQ(chooseLimiter(T).At, Level::Compute);
  T[Level::Latency] = 1e-3;
  EXPECT_EQ(chooseLimiter(T).At, Level::Compute);
  T[Level::L1] = 1.1e-3;
  EXPECT_EQ(chooseLimiter(T).At, Level::L1);
}

TEST(Limiter, UndecidableNamesNoLevelAndTakesNoFloor) {
  LimiterTerms T = terms(1e-3, 2e-3);
  T.Floor = 1e-6;
  T[Level::Latency] = 5e-3;
  T.Decidable = false;
  Limiter L = chooseLimiter(T);
  EXPECT_FALSE(L.At.has_value());
  EXPECT_DOUBLE_EQ(L.Seconds, 2e-3);
  EXPECT_STREQ(verdictName(L.At), "unknown");
}

TEST(Limiter, TheVerdictIsTheRuleOnTheLaunchsTerms) {
  RooflineResult R;
  R.TotalFlops = 1e9;
  R.DramBytes = 1e9;
  R.ComputeTime = 1e-3;
  R.MemoryTime = 0.5e-3;
  R.L1Time = 0.8e-3;
  R.AtomicKnown = true;
  R.AtomicTime = 2e-3;
  decideVerdict(R);
  EXPECT_EQ(R.Verdict, Level::Atomics);
  Limiter L = chooseLimiter(limiterTerms(R));
  EXPECT_EQ(R.Verdict, L.At);
  EXPECT_DOUBLE_EQ(R.PredictedTime, L.Seconds);
}

/// A fix is priced with every term the launch has: the fixed launch keeps
/// its atomics and the compute time the issue of its instructions sets.
TEST(Limiter, AFixKeepsTheAtomicsAndTheIssueTime) {
  RooflineResult Now;
  Now.TotalFlops = 1e9;
  Now.DramBytes = 4e9;
  Now.ComputeTime = 1.5e-3; // the issue model's, above the FLOPs' 0.1 ms
  Now.MemoryTime = 4e-3;
  Now.AtomicKnown = true;
  Now.AtomicTime = 1e-3;
  decideVerdict(Now);
  RooflineResult Fixed = Now;
  Fixed.ComputeTime = 0.1e-3; // evaluateRoofline has no issue model
  Fixed.AtomicKnown = false;
  Fixed.DramBytes = 0.5e9;
  Fixed.MemoryTime = 0.5e-3;
  Limiter After = fixedLimiter(Now, Fixed);
  EXPECT_EQ(After.At, Level::Compute);
  EXPECT_DOUBLE_EQ(After.Seconds, 1.5e-3);
}

} // namespace
