//===- AffineAccessTest.cpp - Addresses bound to a launch -----------------===//
#include "analyzer/models/AffineAccess.h"
#include "AccessSiteFixtures.h"
#include "ExprFixtures.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/models/Footprint.h"
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/WarpAddresses.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

using rla::fixtures::sym;

using fixtures::launch1d;
using fixtures::site;

} // namespace

TEST(AffineAccessTest, GlobalIndexMergesBlockAndThread) {
  // 4 * (blockIdx.x * blockDim.x + threadIdx.x)
  AccessSite S = site(
      Expr(4) * (sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x")));
  Bindings V = launch1d(8, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why);
  ASSERT_EQ(A.Terms.size(), 1u);
  EXPECT_EQ(A.Terms[0].Var, "global.x");
  EXPECT_EQ(A.Terms[0].Count, 1024);
  EXPECT_EQ(A.LaneStride[0], 4);
  EXPECT_EQ(footprintOf({&A}).Bytes, 4096);
  EXPECT_EQ(footprintOf({&A}).ExtentBytes, 4096);
  // One block's window: 128 elements.
  BlockWindow One;
  One.Count = {1, 1, 1};
  AffineAccess B = bindAccess(S, V, *launchShape(V), One);
  EXPECT_EQ(footprintOf({&B}).Bytes, 512);
}

TEST(AffineAccessTest, FloorDivisionOfThreadIndexIsAffineInDigits) {
  // offsets[i / 64] with i over 1024 threads: 2*blockIdx.x + threadIdx.x/64,
  // 16 elements, exactly.
  Expr I = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite S = site(Expr(4) * Expr::floorDiv(I, Expr(64)));
  Bindings V = launch1d(8, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why);
  FootprintResult F = footprintOf({&A});
  EXPECT_EQ(F.Bytes, 64);
  EXPECT_TRUE(F.Exact);
}

TEST(AffineAccessTest, WarpAndLaneDigits) {
  // x[(t / 32) * N + t % 32] with N = 100: 4 warps, 32 lanes, each warp a
  // row of its own: 128 elements, one row apart per warp.
  Expr T = sym("threadIdx.x");
  AccessSite S = site(Expr(4) * (Expr::floorDiv(T, Expr(32)) * Expr(100) +
                                 Expr::mod(T, Expr(32))));
  Bindings V = launch1d(1, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why);
  EXPECT_EQ(A.LaneStride[0], 4);
  FootprintResult F = footprintOf({&A});
  EXPECT_EQ(F.Bytes, 512);
  EXPECT_TRUE(F.Exact);
  EXPECT_EQ(F.ExtentBytes, 4 * (3 * 100 + 32));
  // One warp request: 32 consecutive floats, 4 sectors; rows 1 and 3 start
  // 400 and 1200 bytes in, mid-sector, and take 5: 4.5 on average.
  WarpCost C = warpCost(A, *launchShape(V));
  EXPECT_DOUBLE_EQ(C.Sectors, 4.5);
}

TEST(AffineAccessTest, BlockIndexDigitsTileTheMatrix) {
  // A 1D grid of 128x128 tiles of a 4096-wide matrix: the tile's row is
  // blockIdx.x / 32, its column blockIdx.x % 32; each block reads one row
  // of its tile. 1024 blocks of 128 floats, all distinct.
  Expr B = sym("blockIdx.x");
  Expr Row = Expr::floorDiv(B, Expr(32)), Col = Expr::mod(B, Expr(32));
  AccessSite S = site(Expr(4) * (Row * Expr(128 * 4096) + Col * Expr(128) +
                                 sym("threadIdx.x")));
  Bindings V = launch1d(1024, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why) << " " << A.WhySymbol;
  EXPECT_EQ(A.LaneStride[0], 4);
  FootprintResult F = footprintOf({&A});
  EXPECT_EQ(F.Bytes, 1024 * 128 * 4);
  EXPECT_TRUE(F.Exact);
  // The first 32 blocks are the first tile row.
  BlockWindow Row0;
  Row0.Count = {32, 1, 1};
  AffineAccess W = bindAccess(S, V, *launchShape(V), Row0);
  ASSERT_TRUE(W.Affine);
  EXPECT_EQ(footprintOf({&W}).Bytes, 32 * 128 * 4);
  EXPECT_EQ(footprintOf({&W}).ExtentBytes, 4096 * 4);
}

TEST(AffineAccessTest, LaneDigitsSplitAgain) {
  // A warp copying two rows of 8 int4s: lane / 8 picks the row, lane % 8
  // the int4, with lane = threadIdx.x % 32 and the warp threadIdx.x / 32.
  Expr T = sym("threadIdx.x");
  Expr Lane = Expr::mod(T, Expr(32)), Warp = Expr::floorDiv(T, Expr(32));
  AccessSite S = site(Warp * Expr(65536) +
                          Expr::floorDiv(Lane, Expr(8)) * Expr(8192) +
                          Expr::mod(Lane, Expr(8)) * Expr(16),
                      16);
  Bindings V = launch1d(1, 256);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why) << " " << A.WhySymbol;
  FootprintResult F = footprintOf({&A});
  EXPECT_EQ(F.Bytes, 256 * 16);
  EXPECT_TRUE(F.Exact);
  // Each lane's 16 bytes: 4 rows of 128 bytes, 16 sectors a request.
  EXPECT_DOUBLE_EQ(warpCost(A, *launchShape(V)).Sectors, 16);
}

TEST(AffineAccessTest, RaggedDigitsAreABound) {
  // t % 32 and t / 32 over 48 threads: the digit box (2 x 32) covers 64.
  Expr T = sym("threadIdx.x");
  AccessSite S = site(Expr(4) * (Expr::floorDiv(T, Expr(32)) * Expr(32) +
                                 Expr::mod(T, Expr(32))));
  Bindings V = launch1d(1, 48);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why);
  FootprintResult F = footprintOf({&A});
  EXPECT_FALSE(F.Exact);
  EXPECT_GE(F.Bytes, 48 * 4);
}

TEST(AffineAccessTest, DataDependentAddressHasNoHull) {
  AccessSite S = site(Expr(0));
  S.ByteOffset.reset();
  Bindings V = launch1d(8, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  EXPECT_FALSE(A.Affine);
  EXPECT_FALSE(A.Hull);
  EXPECT_EQ(A.Why, NotAffine::UnfollowedPointer);
}

TEST(AffineAccessTest, UnboundSizeIsReported) {
  AccessSite S = site(sym("n") * sym("threadIdx.x"));
  Bindings V = launch1d(8, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  EXPECT_FALSE(A.Affine);
  EXPECT_EQ(A.Why, NotAffine::UnboundSymbol);
  EXPECT_EQ(A.WhySymbol, "n");
}

TEST(MemoryModelTest, StreamingKernelReadsAndWritesItsFootprint) {
  KernelModel M;
  M.Name = "copy";
  Expr I = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite In = site(Expr(4) * I), Out = site(Expr(4) * I);
  In.Array = "in";
  Out.Array = "out";
  Out.Kind = AccessKind::Store;
  M.Accesses = {In, Out};
  GpuSpec Gpu;
  Gpu.Name = "test";
  Gpu.SmCount = SourcedValue{4, "test"};
  Gpu.L2Bytes = SourcedValue{1 << 20, "test"};
  // 4 MiB each way: more than the 1 MiB L2, streamed.
  Bindings V = launch1d(4096, 256);
  MemoryEstimate E = estimateMemory(M, V, Gpu);
  ASSERT_TRUE(E.Available);
  EXPECT_EQ(E.FootprintBytes, 8 << 20);
  EXPECT_EQ(E.DramReadBytes, 4 << 20);
  EXPECT_EQ(E.DramWriteBytes, 4 << 20);
  EXPECT_EQ(E.GlobalSectorBytes, 8 << 20);
  EXPECT_TRUE(E.Findings.empty());
  // Small enough for L2: every write is still dirty there at the end.
  Bindings Small = launch1d(4, 256);
  MemoryEstimate F = estimateMemory(M, Small, Gpu);
  EXPECT_EQ(F.DeferredWriteBytes, F.DramWriteBytes);
}

TEST(MemoryModelTest, PersistentStepsReadWhatEachStepBrings) {
  // A block-stride loop over 64 tiles on a grid of 4 blocks: tile b reads
  // its own 4 KiB of A and panel b % 2 of B (two 4 KiB panels). The L2
  // (16 KiB) holds two tiles' data but not a step's four (24 KiB): the
  // tiles of a step run together and share B's panels, but the next step
  // finds them gone, so each of the 16 steps reads both panels.
  KernelModel M;
  M.Name = "persistent";
  Expr B = sym("blockIdx.x"), T = sym("threadIdx.x"), I = sym("i");
  AccessSite A = site(Expr(4) * (B * Expr(1024) + I * Expr(32) + T));
  AccessSite P =
      site(Expr(4) * (Expr::mod(B, Expr(2)) * Expr(1024) + I * Expr(32) + T));
  A.Array = "A";
  P.Array = "B";
  for (AccessSite *S : {&A, &P}) {
    S->Block[0] = {Expr(0), Expr(64)};
    S->Global[0] = {Expr(0), Expr(64) * sym("blockDim.x")};
    S->Loops.push_back({"i", {Expr(0), Expr(32)}, true});
    S->Executions = ExprRange(Expr(64 * 32 * 32));
  }
  M.Accesses = {A, P};
  GpuSpec Gpu;
  Gpu.Name = "test";
  Gpu.SmCount = SourcedValue{4, "test"};
  Gpu.L2Bytes = SourcedValue{16 << 10, "test"};
  Bindings V = launch1d(4, 32);
  MemoryEstimate E = estimateMemory(M, V, Gpu);
  ASSERT_TRUE(E.Available);
  ASSERT_EQ(E.Arrays.size(), 2u);
  EXPECT_EQ(E.Arrays[0].DramReadBytes, 64 * 4096);
  EXPECT_EQ(E.Arrays[1].DramReadBytes, 16 * 2 * 4096);
  // Every tile reads its panel from L2.
  EXPECT_EQ(E.L2Bytes, 2 * 64 * 4096);
}

TEST(MemoryModelTest, GatheredLoadsBringWholeFetchUnits) {
  // y[i] = x[idx[i]]: x's address comes from data, each lane its own
  // sector; a GPU that fetches 64 bytes per L2 miss brings 64 per lane.
  KernelModel M;
  M.Name = "gather";
  AccessSite Gather = site(Expr(0));
  Gather.ByteOffset.reset();
  Gather.Array = "x";
  M.Accesses = {Gather};
  GpuSpec Gpu;
  Gpu.Name = "test";
  Gpu.SmCount = SourcedValue{4, "test"};
  Gpu.L2Bytes = SourcedValue{1 << 20, "test"};
  Bindings V = launch1d(4096, 256); // 2^20 lanes
  EXPECT_EQ(estimateMemory(M, V, Gpu).DramReadBytes, 32 << 20);
  Gpu.DramFetchBytes = SourcedValue{64, "test"};
  EXPECT_EQ(estimateMemory(M, V, Gpu).DramReadBytes, 64 << 20);
}

TEST(MemoryModelTest, AllocationBoundsAGatherThatFitsInL2) {
  // The same gather over a 64 KiB buffer: its footprint is at most the
  // buffer, which fits in the 1 MiB L2, so each fetch unit is read once.
  KernelModel M;
  M.Name = "gather";
  AccessSite Gather = site(Expr(0));
  Gather.ByteOffset.reset();
  Gather.Array = "x";
  M.Accesses = {Gather};
  GpuSpec Gpu;
  Gpu.Name = "test";
  Gpu.SmCount = SourcedValue{4, "test"};
  Gpu.L2Bytes = SourcedValue{1 << 20, "test"};
  Gpu.DramFetchBytes = SourcedValue{64, "test"};
  Bindings V = launch1d(4096, 256);
  MemoryEstimate E = estimateMemory(M, V, Gpu, CacheState::Cold, 0, {},
                                    ArrayAllocations{{{"x", 65536.0}}, {}});
  ASSERT_TRUE(E.Available);
  EXPECT_EQ(E.Arrays[0].AllocatedBytes, 65536.0);
  EXPECT_EQ(E.Arrays[0].FootprintBytes, 65536.0);
  EXPECT_EQ(E.DramReadBytes, 65536);
  // A buffer beyond the L2 leaves the gather's misses as they were.
  MemoryEstimate Big =
      estimateMemory(M, V, Gpu, CacheState::Cold, 0, {},
                     ArrayAllocations{{{"x", double(256 << 20)}}, {}});
  EXPECT_EQ(Big.DramReadBytes, 64 << 20);
}

// A load whose count overflows 128 bits moves more bytes than anything can
// count, not none: the estimate is withdrawn instead of reading 0 bytes.
TEST(MemoryModelTest, OverflowingCountGivesNoEstimate) {
  KernelModel M;
  M.Name = "nest";
  Expr I = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite In = site(Expr(4) * I), Out = site(Expr(4) * I);
  In.Array = "in";
  In.Executions = ExprRange(sym("blockDim.x") * sym("gridDim.x") * sym("n") *
                            sym("n") * sym("n"));
  Out.Array = "out";
  Out.Kind = AccessKind::Store;
  M.Accesses = {In, Out};
  GpuSpec Gpu;
  Gpu.Name = "test";
  Gpu.SmCount = SourcedValue{4, "test"};
  Gpu.L2Bytes = SourcedValue{1 << 20, "test"};
  Bindings V = launch1d(4, 32);
  V["n"] = Rational(int64_t(1) << 62);
  AffineAccess A = bindAccess(M.Accesses[0], V, *launchShape(V));
  EXPECT_TRUE(A.ExecutionsFailed);
  EXPECT_FALSE(A.Executions);
  EXPECT_FALSE(estimateMemory(M, V, Gpu).Available);
  V["n"] = Rational(2);
  EXPECT_TRUE(estimateMemory(M, V, Gpu).Available);
}

TEST(AffineAccessTest, TriangularLoopCountsItsPoints) {
  // A[i * 64 + j] for j in [0, i] with i the global index over 64 threads:
  // 64 * 65 / 2 elements, not the 64 * 64 box and not the first row.
  Expr I = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite S = site(Expr(4) * (I * Expr(64) + sym("j")));
  S.Loops.push_back({"j", {Expr(0), I + Expr(1)}, true});
  S.Executions = ExprRange(Expr(64 * 65 / 2));
  Bindings V = launch1d(2, 32);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why);
  ASSERT_TRUE(A.Points.has_value());
  FootprintResult F = footprintOf({&A});
  EXPECT_EQ(F.Bytes, 64 * 65 / 2 * 4);
  EXPECT_TRUE(F.Exact);
  // Per block the box is a bound, not the points of the whole launch.
  BlockWindow One;
  One.Count = {1, 1, 1};
  AffineAccess B = bindAccess(S, V, *launchShape(V), One);
  EXPECT_FALSE(B.Points.has_value());
}

TEST(AffineAccessTest, BroadcastLoopIsNotOneToOne) {
  // x[j] for j in [0, i]: every thread re-reads the same prefix, so the
  // executions are not distinct elements.
  Expr I = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite S = site(Expr(4) * sym("j"));
  S.Loops.push_back({"j", {Expr(0), I + Expr(1)}, true});
  S.Executions = ExprRange(Expr(64 * 65 / 2));
  Bindings V = launch1d(2, 32);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why);
  EXPECT_FALSE(A.Points.has_value());
  EXPECT_EQ(footprintOf({&A}).Bytes, 64 * 4);
}

TEST(AffineAccessTest, LoopThatDoesNotMoveTheAddressIsNotOneToOne) {
  // X[j * 64 + r] for j < i inside i < 8, r the global index: each X[j] is
  // read again for every later i, so the box (8 rows) bounds it, not the
  // executions.
  Expr R = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite S = site(Expr(4) * (sym("j") * Expr(64) + R));
  S.Loops.push_back({"i", {Expr(0), Expr(8)}, true});
  S.Loops.push_back({"j", {Expr(0), sym("i")}, true});
  S.Executions = ExprRange(Expr(28 * 64));
  Bindings V = launch1d(2, 32);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << int(A.Why);
  EXPECT_FALSE(A.Points.has_value());
  EXPECT_EQ(footprintOf({&A}).Bytes, 7 * 64 * 4);
}

// Each access site reports what it requests, what it moves and what it
// would move coalesced; estimating with that site ideal moves only that.
TEST(MemoryModelTest, SitesReportTheirTrafficAndTheIdealOne) {
  KernelModel M;
  M.Name = "strided";
  Expr I = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  // in[32 * i]: every lane in its own sector; out[i]: coalesced.
  AccessSite In = site(Expr(128) * I), Out = site(Expr(4) * I);
  In.Array = "in";
  In.File = Out.File = "k.cu";
  In.Line = 3;
  Out.Line = 4;
  Out.Array = "out";
  Out.Kind = AccessKind::Store;
  M.Accesses = {In, Out};
  GpuSpec Gpu;
  Gpu.Name = "test";
  Gpu.SmCount = SourcedValue{4, "test"};
  Gpu.L2Bytes = SourcedValue{1 << 20, "test"};
  Bindings V = launch1d(4096, 256); // 1M threads
  MemoryEstimate E = estimateMemory(M, V, Gpu);
  ASSERT_TRUE(E.Available);
  ASSERT_EQ(E.Sites.size(), 2u);
  const SiteTraffic &Load = E.Sites[0], &Store = E.Sites[1];
  EXPECT_EQ(Load.Site, 0u);
  EXPECT_EQ(Load.Loc.Line, 3u);
  EXPECT_EQ(Load.RequestedBytes, 4 << 20);
  EXPECT_EQ(Load.MovedBytes, 32 << 20); // a 32-byte sector per lane
  EXPECT_EQ(Load.IdealBytes, 4 << 20);
  EXPECT_TRUE(Load.Improvable);
  EXPECT_EQ(Store.MovedBytes, 4 << 20);
  EXPECT_FALSE(Store.Improvable);
  // The array's DRAM traffic lands on its one site.
  EXPECT_EQ(Store.DramBytes, E.DramWriteBytes);
  EXPECT_EQ(Load.DramBytes, E.DramReadBytes);

  MemoryEstimate Fixed = estimateMemory(M, V, Gpu, size_t(0));
  ASSERT_TRUE(Fixed.Available);
  EXPECT_EQ(Fixed.GlobalSectorBytes, E.GlobalSectorBytes - (28 << 20));
  EXPECT_LT(Fixed.L2Bytes, E.L2Bytes);
}
