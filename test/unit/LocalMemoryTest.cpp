//===- LocalMemoryTest.cpp - Spills and local arrays through the caches ---===//
#include "analyzer/models/LocalMemory.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

/// 132 SMs with 256 KB of L1 beside shared memory and a 50 MB L2.
LocalMemoryInput hopperLike() {
  LocalMemoryInput In;
  In.Sms = 132;
  In.L1BytesPerSm = 256e3;
  In.L2Bytes = 50e6;
  In.LoadBytes = 8e9;
  In.StoreBytes = 2e9;
  return In;
}

TEST(LocalMemory, FramesThatFitInL1StayThere) {
  LocalMemoryInput In = hopperLike();
  In.FrameBytes = 64;
  In.ResidentThreadsPerSm = 2048; // 128 KB of frames in 256 KB
  LocalMemoryTraffic T = localMemoryTraffic(In);
  EXPECT_DOUBLE_EQ(T.l1Bytes(), 10e9);
  EXPECT_DOUBLE_EQ(T.L1HitShare, 1);
  EXPECT_DOUBLE_EQ(T.L2Bytes, 0);
  EXPECT_DOUBLE_EQ(T.dramBytes(), 0);
}

TEST(LocalMemory, L1HoldsItsShareOfTheFrames) {
  LocalMemoryInput In = hopperLike();
  In.FrameBytes = 1024;
  In.ResidentThreadsPerSm = 1000; // 1.024 MB of frames in 256 KB: a quarter
  LocalMemoryTraffic T = localMemoryTraffic(In);
  EXPECT_DOUBLE_EQ(T.L1HitShare, 0.25);
  EXPECT_DOUBLE_EQ(T.L2Bytes, 7.5e9);
  // 135 MB of frames on the GPU: more than the L2 holds.
  EXPECT_NEAR(T.L2HitShare, 50e6 / 135.168e6, 1e-12);
  double Misses = 0.75 * (1 - T.L2HitShare);
  EXPECT_NEAR(T.DramReadBytes, 8e9 * Misses, 1);
  EXPECT_NEAR(T.DramWriteBytes, 2e9 * Misses, 1);
}

TEST(LocalMemory, TheLaunchsDataSharesTheL2BySize) {
  LocalMemoryInput In = hopperLike();
  In.FrameBytes = 1024;
  In.ResidentThreadsPerSm = 250; // 256 KB a SM: L1 holds them all...
  In.L1BytesPerSm = 0;           // ...unless shared memory takes the L1
  In.DataBytes = 0;
  // 33.8 MB of frames fit the L2 alone.
  EXPECT_DOUBLE_EQ(localMemoryTraffic(In).L2HitShare, 1);
  // Beside 40 MB of the launch's own data they keep 50 / 73.8 of it.
  In.DataBytes = 40e6;
  LocalMemoryTraffic T = localMemoryTraffic(In);
  EXPECT_NEAR(T.L2HitShare, 50e6 / (33.792e6 + 40e6), 1e-12);
  // Data beyond the L2 counts as a full L2, not more.
  In.DataBytes = 1e12;
  EXPECT_NEAR(localMemoryTraffic(In).L2HitShare, 50e6 / (33.792e6 + 50e6),
              1e-12);
}

TEST(LocalMemory, NoLocalAccessesMoveNothing) {
  LocalMemoryInput In = hopperLike();
  In.LoadBytes = In.StoreBytes = 0;
  In.FrameBytes = 4096;
  In.ResidentThreadsPerSm = 2048;
  LocalMemoryTraffic T = localMemoryTraffic(In);
  EXPECT_DOUBLE_EQ(T.l1Bytes(), 0);
  EXPECT_DOUBLE_EQ(T.L2Bytes, 0);
  EXPECT_DOUBLE_EQ(T.dramBytes(), 0);
}

TEST(LocalMemory, EachLevelMovesAtMostTheLevelAbove) {
  for (double Frame : {0.0, 16.0, 512.0, 8192.0})
    for (double Threads : {32.0, 1024.0, 2048.0}) {
      LocalMemoryInput In = hopperLike();
      In.FrameBytes = Frame;
      In.ResidentThreadsPerSm = Threads;
      In.DataBytes = 20e6;
      LocalMemoryTraffic T = localMemoryTraffic(In);
      EXPECT_LE(T.L2Bytes, T.l1Bytes());
      EXPECT_LE(T.dramBytes(), T.L2Bytes);
      EXPECT_GE(T.dramBytes(), 0);
    }
}

} // namespace
