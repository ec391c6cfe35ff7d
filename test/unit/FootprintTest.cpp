//===- FootprintTest.cpp - Distinct-address counting and warp sectors -----===//
#include "analyzer/models/Footprint.h"
#include "AccessSiteFixtures.h"
#include "analyzer/models/WarpAddresses.h"

#include <gtest/gtest.h>

using namespace rla;
using rla::fixtures::alongLoop;

TEST(FootprintTest, NestedStridesCountEveryPoint) {
  // row*N + k, row and k in [0, N): N^2 elements.
  const int64_t N = 64;
  DistinctCount C = countDistinct({0, {{N, N}, {1, N}}});
  EXPECT_EQ(C.Count, double(N * N));
  EXPECT_TRUE(C.Exact);
}

TEST(FootprintTest, OverlappingTranslatesOfAnIntervalStayContiguous) {
  // i + d with i in [0, 100), d in [0, 3): 102 elements.
  DistinctCount C = countDistinct({0, {{1, 100}, {1, 3}}});
  EXPECT_EQ(C.Count, 102);
  EXPECT_TRUE(C.Exact);
}

TEST(FootprintTest, GappedOverlapIsABound) {
  // 3a + 2b, a in [0, 4), b in [0, 4) is not nested: a bound, not exact.
  DistinctCount C = countDistinct({0, {{2, 4}, {3, 4}}});
  EXPECT_FALSE(C.Exact);
  EXPECT_GE(C.Count, 13); // the true count
  EXPECT_LE(C.Count, 16);
}

TEST(FootprintTest, UnionOfIntervalsMerges) {
  DistinctCount C =
      countUnion({{0, {{1, 10}}}, {5, {{1, 10}}}, {30, {{1, 2}}}});
  EXPECT_EQ(C.Count, 17);
  EXPECT_TRUE(C.Exact);
}

TEST(FootprintTest, SmallUnionsAreEnumerated) {
  // Two strided sets sharing every other point.
  DistinctCount C = countUnion({{0, {{4, 8}}}, {8, {{4, 8}}}});
  EXPECT_EQ(C.Count, 10);
  EXPECT_TRUE(C.Exact);
  EXPECT_EQ(C.Rule, FootprintRule::Enumerated);
}

TEST(FootprintTest, IdenticalSetsCountOnce) {
  DistinctCount C = countUnion({{0, {{8, 4}, {1, 8}}}, {0, {{8, 4}, {1, 8}}}});
  EXPECT_EQ(C.Count, 32);
}

TEST(FootprintTest, AThreadGuardNarrowsTheGlobalIndex) {
  // a[blockIdx.x * 256 + threadIdx.x] of 16-byte elements under
  // `threadIdx.x < 128`, 256 blocks: 2 KiB of every 4 KiB, 512 KiB, in
  // whole 64-byte units as in sectors.
  AccessSite Site = fixtures::site(Expr(0), 16);
  AffineAccess A;
  A.Site = &Site;
  A.Affine = true;
  A.BlockSize = {256, 1, 1};
  A.ThreadRange[0] = {0, 128};
  AffineTerm Global;
  Global.Var = "global.x";
  Global.Kind = TermKind::Global;
  Global.Stride = 16;
  Global.Count = 256 * 256;
  A.Terms.push_back(Global);
  EXPECT_EQ(footprintOf({&A}).Bytes, 512 * 1024);
  EXPECT_EQ(sectorFootprintOf({&A}, 32).Bytes, 512 * 1024);
  EXPECT_EQ(sectorFootprintOf({&A}, 64).Bytes, 512 * 1024);
  // The upper half of each block: the same bytes, 2 KiB further on.
  A.ThreadRange[0] = {128, INT64_MAX};
  EXPECT_EQ(sectorFootprintOf({&A}, 64).Bytes, 512 * 1024);
  EXPECT_EQ(footprintOf({&A}).ExtentBytes, 1024 * 1024);
}

namespace {

AffineAccess lanes(const AccessSite &Site, int64_t StrideX) {
  AffineAccess A;
  A.Site = &Site;
  A.Affine = true;
  A.LaneStride = {StrideX, 0, 0};
  return A;
}

} // namespace

TEST(WarpAddressesTest, SectorsPerWarpRequest) {
  AccessSite Float;
  Float.Bytes = 4;
  LaunchShape Shape;
  Shape.Block = {256, 1, 1};
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 4), Shape).Sectors, 4);    // stride 1
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 8), Shape).Sectors, 8);    // stride 2
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 128), Shape).Sectors, 32); // stride 32
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 0), Shape).Sectors, 1);    // broadcast
  AccessSite Float4;
  Float4.Bytes = 16;
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float4, 16), Shape).Sectors, 16);
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float4, 16), Shape).efficiency(), 1);
}

TEST(WarpAddressesTest, SharedBankConflicts) {
  AccessSite Float;
  Float.Bytes = 4;
  Float.Shared = true;
  LaunchShape Shape;
  Shape.Block = {32, 32, 1};
  // tile[tx][c] with 32-float rows: every lane in bank c, 32 words.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 128), Shape).Wavefronts, 32);
  // Padded to 33 floats: conflict-free.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 132), Shape).Wavefronts, 1);
  // Row access and broadcast: one wavefront.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 4), Shape).Wavefronts, 1);
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 0), Shape).Wavefronts, 1);
}

TEST(WarpAddressesTest, WideSharedLoadsAreServedInPhases) {
  AccessSite Float4;
  Float4.Bytes = 16;
  Float4.Shared = true;
  LaunchShape Shape;
  Shape.Block = {256, 1, 1};
  // Consecutive 16-byte elements: a quarter-warp per wavefront, 4.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float4, 16), Shape).Wavefronts, 4);
  // One address for the whole warp: the pairs pack, 2, not 1.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float4, 0), Shape).Wavefronts, 2);
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float4, 0), Shape).IdealWavefronts, 2);
  // 128 bytes apart: each quarter-warp's 8 lanes on banks 0-3, 8 each.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float4, 128), Shape).Wavefronts, 32);
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float4, 128), Shape).IdealWavefronts, 4);
  AccessSite Float2;
  Float2.Bytes = 8;
  Float2.Shared = true;
  // Half-warps of 16 lanes, 128 bytes each: 2.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float2, 8), Shape).Wavefronts, 2);
  // A store does not pack lanes: a broadcast 64-bit store takes 2.
  AccessSite Store2 = Float2;
  Store2.Kind = AccessKind::Store;
  EXPECT_DOUBLE_EQ(warpCost(lanes(Store2, 0), Shape).Wavefronts, 2);
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float2, 0), Shape).Wavefronts, 1);
}

TEST(WarpAddressesTest, MergedScalarsStartOnTheVectorBoundary) {
  AccessSite Float;
  Float.Bytes = 4;
  Float.Shared = true;
  LaunchShape Shape;
  Shape.Block = {256, 1, 1};
  // A scalar broadcast read as LDS.128: 2 wavefronts a request.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 0), Shape, 16).Wavefronts, 2);
  // Lanes 32 bytes apart read as 16-byte vectors: in each quarter-warp,
  // lanes t and t + 4 share banks: 2 a quarter, 8.
  EXPECT_DOUBLE_EQ(warpCost(lanes(Float, 32), Shape, 16).Wavefronts, 8);
}

TEST(FootprintTest, SectorFootprintOfAContiguousArrayIsItsBytes) {
  AccessSite Site;
  Site.Bytes = 4;
  AffineAccess A = alongLoop(Site, 4, 1024);
  FootprintResult R = sectorFootprintOf({&A});
  EXPECT_EQ(R.Bytes, 4096);
  EXPECT_TRUE(R.Exact);
}

TEST(FootprintTest, SectorFootprintOfAStride32FloatLoadIsOneSectorEach) {
  // x[32 * i]: 4 bytes used of every 128, each in its own sector.
  AccessSite Site;
  Site.Bytes = 4;
  AffineAccess A = alongLoop(Site, 128, 1024);
  EXPECT_EQ(footprintOf({&A}).Bytes, 4096);
  FootprintResult R = sectorFootprintOf({&A});
  EXPECT_EQ(R.Bytes, 1024 * 32);
  EXPECT_TRUE(R.Exact);
}

TEST(FootprintTest, SectorFootprintOfAStructFieldCoversEverySector) {
  // A 4-byte field of 16-byte structs: every sector holds two of them.
  AccessSite Site;
  Site.Bytes = 4;
  AffineAccess A = alongLoop(Site, 16, 1024);
  EXPECT_EQ(sectorFootprintOf({&A}).Bytes, 1024 * 16);
}
