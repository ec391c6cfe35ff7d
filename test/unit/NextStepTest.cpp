//===- NextStepTest.cpp - Bound level numbers and the next step -----------===//
#include "analyzer/models/NextStep.h"
#include "analyzer/models/BoundLevel.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

/// A GPU with every level's bandwidth, numbers easy to check by hand.
GpuSpec everyLevelGpu() {
  GpuSpec G;
  G.Name = "Test";
  G.PeakFlops[static_cast<unsigned>(Precision::FP32)] =
      SourcedValue{10e12, "test"};
  G.DramBandwidth = SourcedValue{1e12, "test"};
  G.L2Bandwidth = SourcedValue{4e12, "test"};
  G.L1Bandwidth = SourcedValue{20e12, "test"};
  return G;
}

RooflineResult roof(double Flops, double Dram, double L2, double L1) {
  RooflineInput In;
  In.Flops[static_cast<unsigned>(Precision::FP32)] = Flops;
  In.DramBytes = Dram;
  In.L2Bytes = L2;
  In.L1Bytes = L1;
  static GpuSpec G = everyLevelGpu();
  return evaluateRoofline(In, G);
}

TEST(BoundLevel, L1BoundUsesTheL1IntensityAndRidge) {
  // 1 GFLOP, 1 GB DRAM (1 ms), 2 GB L2 (0.5 ms), 40 GB L1 (2 ms).
  RooflineResult R = roof(1e9, 1e9, 2e9, 40e9);
  ASSERT_EQ(R.Verdict, Level::L1);
  auto I = boundIntensity(R);
  ASSERT_TRUE(I);
  EXPECT_EQ(I->At, Level::L1);
  EXPECT_DOUBLE_EQ(I->Intensity, 1e9 / 40e9);
  EXPECT_DOUBLE_EQ(I->Ridge, 10e12 / 20e12);
  EXPECT_DOUBLE_EQ(*levelTime(R, Level::L1), 2e-3);
  EXPECT_DOUBLE_EQ(*levelShare(R, Level::L1), 1.0);
  EXPECT_DOUBLE_EQ(*levelShare(R, Level::Dram), 0.5);
  EXPECT_DOUBLE_EQ(*levelShare(R, Level::L2), 0.25);
  EXPECT_DOUBLE_EQ(*levelShare(R, Level::Compute), 0.1e-3 / 2e-3);
  // No latency term until occupancy is known.
  EXPECT_FALSE(levelTime(R, Level::Latency));
}

TEST(BoundLevel, DramBoundUsesTheDramRidge) {
  RooflineResult R = roof(1e9, 4e9, 4e9, 4e9);
  ASSERT_EQ(R.Verdict, Level::Dram);
  auto I = boundIntensity(R);
  ASSERT_TRUE(I);
  EXPECT_EQ(I->At, Level::Dram);
  EXPECT_DOUBLE_EQ(I->Intensity, 0.25);
  EXPECT_DOUBLE_EQ(I->Ridge, 10.0);
}

TEST(BoundLevel, LimitersLongestFirstWithTheMargin) {
  // L1 2 ms, DRAM 1 ms, L2 0.5 ms, compute 0.1 ms.
  RooflineResult R = roof(1e9, 1e9, 2e9, 40e9);
  std::vector<LevelTime> T = levelTimes(R);
  ASSERT_EQ(T.size(), 4u);
  EXPECT_EQ(T[0].At, Level::L1);
  EXPECT_EQ(T[1].At, Level::Dram);
  EXPECT_EQ(T[2].At, Level::L2);
  EXPECT_EQ(T[3].At, Level::Compute);
  EXPECT_DOUBLE_EQ(T[0].Seconds, R.PredictedTime);
  EXPECT_DOUBLE_EQ(*boundMargin(R), 2.0);
}

TEST(BoundLevel, TiedLimitersHaveMarginOne) {
  // DRAM, L2 and L1 all take 4 ms... at their own bandwidths: 4 GB DRAM,
  // 16 GB L2, 80 GB L1.
  RooflineResult R = roof(1e9, 4e9, 16e9, 80e9);
  EXPECT_DOUBLE_EQ(*boundMargin(R), 1.0);
  // One level alone has no runner-up.
  RooflineResult Alone;
  Alone.PeakFlops = 1e12;
  Alone.ComputeTime = 1e-3;
  EXPECT_EQ(levelTimes(Alone).size(), 1u);
  EXPECT_FALSE(boundMargin(Alone));
}

TEST(NextStep, ChoosesTheFixThatSavesTheMost) {
  RooflineResult Now = roof(1e9, 1e9, 2e9, 40e9); // 2 ms, L1-bound
  SiteFix Small, Big;
  Small.Site.Site = 1;
  Small.Fixed = roof(1e9, 1e9, 2e9, 30e9); // 1.5 ms
  Big.Site.Site = 2;
  Big.Fixed = roof(1e9, 1e9, 2e9, 10e9); // DRAM's 1 ms
  std::vector<SiteFix> Fixes = {Small, Big};
  NextStep N = chooseNextStep(Now, Fixes, std::nullopt, std::nullopt);
  ASSERT_EQ(N.What, NextStep::Fix);
  ASSERT_TRUE(N.FixIndex);
  EXPECT_EQ(Fixes[*N.FixIndex].Site.Site, 2u);
  EXPECT_DOUBLE_EQ(N.Before, 2e-3);
  EXPECT_DOUBLE_EQ(N.After, 1e-3);
  EXPECT_DOUBLE_EQ(N.saving(), 1e-3);
  EXPECT_EQ(N.AfterBound, Level::Dram);
}

TEST(NextStep, AtTheRoofWhenNothingSavesEnough) {
  RooflineResult Now = roof(1e9, 1e9, 1e9, 1e9); // 1 ms, DRAM-bound
  SiteFix F;
  F.Fixed = roof(1e9, 1e9, 1e9, 0.5e9); // L1 was not the bound
  NextStep N = chooseNextStep(Now, {F}, std::nullopt, std::nullopt);
  EXPECT_EQ(N.What, NextStep::AtRoof);
  EXPECT_DOUBLE_EQ(N.saving(), 0);
}

TEST(NextStep, FixKeepsTheLatencyTerm) {
  RooflineResult Now = roof(1e9, 1e9, 2e9, 40e9);
  Now.LatencyKnown = true;
  Now.LatencyBandwidth = 0.8e12; // DRAM in 1.25 ms
  Now.LatencyTime = Now.DramBytes / Now.LatencyBandwidth;
  SiteFix F;
  F.Fixed = roof(1e9, 1e9, 2e9, 10e9);
  EXPECT_DOUBLE_EQ(fixedLimiter(Now, F.Fixed).Seconds, 1.25e-3);
  NextStep N = chooseNextStep(Now, {F}, std::nullopt, std::nullopt);
  EXPECT_EQ(N.AfterBound, Level::Latency);
}

TEST(NextStep, FixKeepsTheLaunchCosts) {
  // L1 2 ms now; the fix leaves DRAM's 1 ms, under the 1.5 ms it takes to
  // hand out the blocks, plus the floor.
  RooflineResult Now = roof(1e9, 1e9, 2e9, 40e9);
  Now.LaunchKnown = true;
  Now.DispatchTime = 1.5e-3;
  Now.LaunchFloor = 0.1e-3;
  decideVerdict(Now);
  EXPECT_DOUBLE_EQ(Now.PredictedTime, 2.1e-3);
  SiteFix F;
  F.Fixed = roof(1e9, 1e9, 2e9, 10e9);
  Limiter After = fixedLimiter(Now, F.Fixed);
  EXPECT_DOUBLE_EQ(After.Seconds, 1.6e-3);
  EXPECT_EQ(After.At, Level::Launch);
  NextStep N = chooseNextStep(Now, {F}, std::nullopt, std::nullopt);
  EXPECT_EQ(N.AfterBound, Level::Launch);
  EXPECT_DOUBLE_EQ(N.saving(), 0.5e-3);
}

TEST(NextStep, OccupancyLiftUsesTheOtherLimits) {
  OccupancyResult O;
  O.BlockSize = 256; // 8 warps
  O.ActiveBlocksPerSm = 2;
  O.ActiveWarpsPerSm = 16;
  O.MaxWarpsPerSm = 64;
  O.Limiting = {"registers"};
  O.BlockLimitRegisters = 2;
  O.BlockLimitWarps = 8;
  O.BlockLimitSharedMemory = 6;
  O.BlockLimitBlocks = 32;
  auto L = occupancyLift(O, 32);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Limiter, "registers");
  EXPECT_DOUBLE_EQ(L->FromWarpsPerSm, 16);
  EXPECT_DOUBLE_EQ(L->ToWarpsPerSm, 48); // shared memory allows 6 blocks
  // Little's law: three times the warps, a third of the latency time.
  RooflineResult Now = roof(0, 1e9, 1e9, 1e9); // 1 ms at DRAM
  Now.LatencyKnown = true;
  Now.ConcurrentWarps = 100 * 16;
  Now.LatencyBandwidth = 0.25e12;
  Now.LatencyTime = 4e-3;
  Now.PredictedTime = 4e-3;
  Now.Verdict = Level::Latency;
  auto T = limiterWithWarps(Now, *L, 100, 0);
  ASSERT_TRUE(T);
  EXPECT_DOUBLE_EQ(T->Seconds, 4e-3 / 3);
  EXPECT_EQ(T->At, Level::Latency);
  // A launch of only 2000 warps keeps no more than those busy.
  EXPECT_DOUBLE_EQ(limiterWithWarps(Now, *L, 100, 2000)->Seconds,
                   4e-3 * 1600 / 2000);
  // Limited by warps: nothing holds it back.
  O.Limiting = {"warps"};
  EXPECT_FALSE(occupancyLift(O, 32));
}

} // namespace
