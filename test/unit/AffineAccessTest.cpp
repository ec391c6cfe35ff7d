//===- AffineAccessTest.cpp - Addresses bound to a launch -----------------===//
#include "analyzer/models/AffineAccess.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/models/Footprint.h"
#include "analyzer/models/MemoryModel.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

Expr sym(const char *S) { return Expr::symbol(S); }

/// A site with full index ranges (no guards) for a 1D or 2D launch.
AccessSite site(Expr Offset, unsigned Bytes = 4) {
  AccessSite S;
  S.Array = "a";
  S.Bytes = Bytes;
  S.ByteOffset = Offset;
  for (unsigned D = 0; D < 3; ++D) {
    Expr B = Expr::symbol(dimSymbol("blockDim", D));
    Expr G = Expr::symbol(dimSymbol("gridDim", D));
    S.Global[D] = {Expr(0), B * G};
    S.Thread[D] = {Expr(0), B};
    S.Block[D] = {Expr(0), G};
  }
  S.Executions = ExprRange(sym("blockDim.x") * sym("gridDim.x"));
  return S;
}

Bindings launch1d(int64_t Grid, int64_t Block) {
  return {{"gridDim.x", Grid}, {"blockDim.x", Block}, {"gridDim.y", 1},
          {"blockDim.y", 1},   {"gridDim.z", 1},      {"blockDim.z", 1}};
}

} // namespace

TEST(AffineAccessTest, GlobalIndexMergesBlockAndThread) {
  // 4 * (blockIdx.x * blockDim.x + threadIdx.x)
  AccessSite S = site(
      Expr(4) * (sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x")));
  Bindings V = launch1d(8, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  ASSERT_TRUE(A.Affine) << A.Why;
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

TEST(AffineAccessTest, FloorDivisionIsBoundedByItsHull) {
  // offsets[i / 64] with i over 1024 threads: 16 elements.
  Expr I = sym("blockIdx.x") * sym("blockDim.x") + sym("threadIdx.x");
  AccessSite S = site(Expr(4) * Expr::floorDiv(I, Expr(64)));
  Bindings V = launch1d(8, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  EXPECT_FALSE(A.Affine);
  ASSERT_TRUE(A.Hull);
  EXPECT_EQ(A.HullLo, 0);
  EXPECT_EQ(A.HullHi, 60);
  FootprintResult F = footprintOf({&A});
  EXPECT_EQ(F.Bytes, 64);
  EXPECT_FALSE(F.Exact);
}

TEST(AffineAccessTest, DataDependentAddressHasNoHull) {
  AccessSite S = site(Expr(0));
  S.ByteOffset.reset();
  Bindings V = launch1d(8, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  EXPECT_FALSE(A.Affine);
  EXPECT_FALSE(A.Hull);
  EXPECT_FALSE(A.Why.empty());
}

TEST(AffineAccessTest, UnboundSizeIsReported) {
  AccessSite S = site(sym("n") * sym("threadIdx.x"));
  Bindings V = launch1d(8, 128);
  AffineAccess A = bindAccess(S, V, *launchShape(V));
  EXPECT_FALSE(A.Affine);
  EXPECT_NE(A.Why.find("'n'"), std::string::npos);
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
