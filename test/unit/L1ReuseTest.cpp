//===- L1ReuseTest.cpp - Loop-carried re-reads against L1's size ----------===//
#include "analyzer/models/L1Reuse.h"
#include "AccessSiteFixtures.h"
#include "ExprFixtures.h"
#include "analyzer/ir/KernelModel.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

using rla::fixtures::sym;

/// X[j * Cols + global index] (4-byte elements) inside `for (i < 64)` and
/// `for (j < Hi)`, as a triangular solve or a repeated row sweep reads it.
AccessSite rowSweep(Expr Hi, int64_t Cols) {
  Expr Global = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite S = fixtures::site(Expr(4) * (sym("j") * Expr(Cols) + Global));
  S.Array = "X";
  S.Loops.push_back({"i", {Expr(0), Expr(64)}});
  S.Loops.push_back({"j", {Expr(0), Hi}});
  S.Executions =
      ExprRange(Expr(64) * Hi * sym("blockDim.x") * sym("gridDim.x"));
  return S;
}

using fixtures::launch1d;

GpuSpec gpu(double L1KiB) {
  GpuSpec G;
  G.Name = "test";
  G.ComputeMajor = 9;
  G.ComputeMinor = 0;
  G.SmCount = SourcedValue{132, "test"};
  G.L1SharedBytesPerSm = SourcedValue{L1KiB * 1024, "test"};
  return G;
}

} // namespace

TEST(L1ReuseTest, CapacityIsSharedByTheResidentBlocks) {
  Bindings V = launch1d(132 * 4, 256);
  auto C = l1Capacity(gpu(256), *launchShape(V), 16 * 1024);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->ResidentBlocks, 4);
  // 8 blocks of 16 + 1 KiB could be resident: the 164 KiB carveout.
  EXPECT_DOUBLE_EQ(C->BytesPerBlock, (256 - 164) * 1024.0 / 4);
  // No more blocks than the SM's 2048 threads hold.
  Bindings Many = launch1d(132 * 100, 1024);
  EXPECT_EQ(l1Capacity(gpu(256), *launchShape(Many), 0)->ResidentBlocks, 2);
  // A GPU without an L1 size has no capacity to compare with.
  GpuSpec None = gpu(256);
  None.L1SharedBytesPerSm.reset();
  EXPECT_FALSE(l1Capacity(None, *launchShape(V), 0));
}

TEST(L1ReuseTest, ReReadsMissWhenOneIterationExceedsTheBlocksShare) {
  Bindings V = launch1d(4, 256);
  LaunchShape Shape = *launchShape(V);
  L1Capacity C = *l1Capacity(gpu(256), Shape, 0);
  // 128 rows of 1 KiB per iteration of i: fits in 256 KiB.
  std::vector<AccessSite> Fits = {rowSweep(Expr(128), 1024)};
  auto F = l1Spill(Fits[0], Fits, V, Shape, C);
  ASSERT_TRUE(F);
  EXPECT_EQ(F->MissShare, 0);
  EXPECT_EQ(F->Loop, "i");
  EXPECT_DOUBLE_EQ(F->WorkingSetBytes, 128 * 1024);
  // 512 rows: every re-read misses.
  std::vector<AccessSite> Spills = {rowSweep(Expr(512), 1024)};
  auto S = l1Spill(Spills[0], Spills, V, Shape, C);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->MissShare, 1);
}

TEST(L1ReuseTest, TriangularWorkingSetsMissFromWhereTheyOutgrowL1) {
  // j < i: iteration i reads i rows. With 16 samples of i in [0, 1024) and
  // a 256 KiB L1, the samples from i = 288 on miss; weighted by their i
  // reads, 1 - (sum of the 4 fitting samples' i) / (sum of all).
  Bindings V = launch1d(4, 256);
  LaunchShape Shape = *launchShape(V);
  AccessSite S = rowSweep(sym("i"), 1024);
  S.Loops[0].Range.Hi = Expr(1024);
  std::vector<AccessSite> All = {S};
  auto R = l1Spill(S, All, V, Shape, *l1Capacity(gpu(256), Shape, 0));
  ASSERT_TRUE(R);
  double Fitting = 32 + 96 + 160 + 224, Total = 0;
  for (int M = 0; M < 16; ++M)
    Total += (2 * M + 1) * 1024 / 32;
  EXPECT_DOUBLE_EQ(R->MissShare, 1 - Fitting / Total);
}

TEST(L1ReuseTest, AnAddressThatMovesWithEveryLoopHasNoCarriedReRead) {
  Bindings V = launch1d(4, 256);
  LaunchShape Shape = *launchShape(V);
  AccessSite S = rowSweep(Expr(512), 1024);
  S.ByteOffset = *S.ByteOffset + Expr(4 * 1024 * 512) * sym("i");
  std::vector<AccessSite> All = {S};
  EXPECT_FALSE(l1Spill(S, All, V, Shape, *l1Capacity(gpu(256), Shape, 0)));
}

TEST(L1ReuseTest, ARangeThatStartsAfterTheOuterIndexCarriesAShiftedReRead) {
  // for (i < 1024) for (j = i + 1; j < 1024; ++j) X[j * 1024 + r], counted
  // from 0: X[(j + i + 1) * 1024 + r] with j < 1023 - i. Iteration i + 1
  // reads rows i + 2 .. 1023 again.
  Bindings V = launch1d(4, 256);
  LaunchShape Shape = *launchShape(V);
  Expr Global = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite X = rowSweep(Expr(1023) - sym("i"), 1024);
  X.Loops[0].Range.Hi = Expr(1024);
  X.ByteOffset =
      Expr(4) * ((sym("j") + sym("i") + Expr(1)) * Expr(1024) + Global);
  // U[i * 1024 + i + 1 + j]: row i + 1 starts past the end of row i's
  // range, so nothing is read again.
  AccessSite U = X;
  U.Array = "U";
  U.ByteOffset = Expr(4) * (sym("i") * Expr(1025) + Expr(1) + sym("j"));
  std::vector<AccessSite> All = {X, U};
  L1Capacity C = *l1Capacity(gpu(256), Shape, 0);
  auto R = l1Spill(All[0], All, V, Shape, C);
  ASSERT_TRUE(R);
  EXPECT_GT(R->MissShare, 0.5);
  EXPECT_FALSE(l1Spill(All[1], All, V, Shape, C));
}

TEST(L1ReuseTest, SharedMemoryTakesTheDriversCarveoutFromL1) {
  // 256-thread blocks: the SM could hold 8, so 8 x (S + 1 KiB) of shared
  // memory is set aside, rounded up to a Hopper carveout.
  Bindings V = launch1d(4, 256);
  LaunchShape Shape = *launchShape(V);
  // 8 KiB: 72 KiB -> the 100 KiB carveout, 156 KiB of L1.
  auto Small = l1Capacity(gpu(256), Shape, 8 * 1024);
  ASSERT_TRUE(Small && Small->CarveoutFromTable);
  EXPECT_DOUBLE_EQ(Small->CarveoutBytes, 100 * 1024);
  EXPECT_DOUBLE_EQ(Small->BytesPerBlock, 156 * 1024);
  // 40 KiB: 5 blocks fit in the largest carveout, 205 KiB -> 228 KiB, 28
  // KiB of L1.
  EXPECT_DOUBLE_EQ(l1Capacity(gpu(256), Shape, 40 * 1024)->BytesPerBlock,
                   28 * 1024);
  // 164 KiB: one block, 165 KiB -> 196 KiB, 60 KiB of L1.
  EXPECT_DOUBLE_EQ(l1Capacity(gpu(256), Shape, 164 * 1024)->BytesPerBlock,
                   60 * 1024);
  // A GPU without a carveout table: the blocks' shared memory itself.
  GpuSpec Other = gpu(256);
  Other.ComputeMajor = 7;
  auto Plain = l1Capacity(Other, Shape, 40 * 1024);
  EXPECT_FALSE(Plain->CarveoutFromTable);
  EXPECT_DOUBLE_EQ(Plain->BytesPerBlock, 216 * 1024);
}
