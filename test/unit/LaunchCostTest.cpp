//===- LaunchCostTest.cpp - Handing out blocks, and the launch floor ------===//
#include "analyzer/models/LaunchCost.h"
#include "analyzer/models/BoundLevel.h"
#include "analyzer/models/Roofline.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

/// The H200's measured costs (data/architectures.json, 9.0).
LaunchCostInput h200(double Blocks, unsigned ActiveBlocksPerSm) {
  LaunchCostInput In;
  In.Blocks = Blocks;
  In.SmCount = 132;
  In.ActiveBlocksPerSm = ActiveBlocksPerSm;
  In.ClockHz = 1.98e9;
  In.Costs.FloorSeconds = 1.5e-6;
  In.Costs.BlockCycles = 157;
  In.Costs.BlockLifetimeCycles = 355;
  return In;
}

TEST(LaunchCost, ManySmallBlocksAtTheSchedulersRate) {
  // 65,536 empty blocks of 256 threads (8 fit an SM): launch_floor.sh
  // measured 41.0 us in all.
  LaunchCostEstimate E = estimateLaunchCost(h200(65536, 8));
  EXPECT_DOUBLE_EQ(E.BlocksPerSm, 497); // ceil(65536 / 132)
  EXPECT_DOUBLE_EQ(E.CyclesPerBlock, 157);
  EXPECT_NEAR(E.DispatchTime + E.Floor, 41.0e-6, 0.5e-6);
}

TEST(LaunchCost, FewResidentBlocksWaitForOneToRetire) {
  // 262,144 blocks of 1024 threads, two per SM: 355 / 2 cycles each;
  // measured 179.7 us.
  LaunchCostEstimate E = estimateLaunchCost(h200(262144, 2));
  EXPECT_DOUBLE_EQ(E.CyclesPerBlock, 177.5);
  EXPECT_NEAR(E.DispatchTime + E.Floor, 179.7e-6, 1.5e-6);
}

TEST(LaunchCost, UnknownCostsCostNothing) {
  LaunchCostInput In = h200(1000, 8);
  In.Costs = LaunchCosts{};
  LaunchCostEstimate E = estimateLaunchCost(In);
  EXPECT_EQ(E.DispatchTime, 0);
  EXPECT_EQ(E.Floor, 0);
}

RooflineResult memoryBound(double MemoryTime) {
  RooflineResult R;
  R.TotalFlops = 1e6;
  R.PeakFlops = 1e12;
  R.ComputeTime = 1e-6;
  R.Bandwidth = 1e12;
  R.DramBytes = MemoryTime * 1e12;
  R.MemoryTime = MemoryTime;
  return R;
}

TEST(LaunchCost, TheFloorAddsToTheLongestLimiter) {
  RooflineResult R = memoryBound(10e-6);
  R.LaunchKnown = true;
  R.DispatchTime = 4e-6;
  R.LaunchFloor = 1.5e-6;
  decideVerdict(R);
  EXPECT_EQ(R.Verdict, Level::Dram);
  EXPECT_DOUBLE_EQ(R.PredictedTime, 11.5e-6);
  // Deciding again does not add it twice.
  decideVerdict(R);
  EXPECT_DOUBLE_EQ(R.PredictedTime, 11.5e-6);
}

TEST(LaunchCost, HandingOutBlocksCanSetTheTime) {
  RooflineResult R = memoryBound(10e-6);
  R.LaunchKnown = true;
  R.DispatchTime = 39.4e-6;
  R.LaunchFloor = 1.5e-6;
  decideVerdict(R);
  EXPECT_EQ(R.Verdict, Level::Launch);
  EXPECT_DOUBLE_EQ(R.PredictedTime, 40.9e-6);
  EXPECT_EQ(levelTimes(R).front().At, Level::Launch);
  EXPECT_STREQ(verdictName(R.Verdict), "launch");
}

} // namespace
