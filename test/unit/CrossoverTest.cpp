//===- CrossoverTest.cpp - The size at which a kernel turns compute-bound -===//
#include "analyzer/models/Crossover.h"
#include "ModelFixtures.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/models/Binder.h"
#include "analyzer/report/Report.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

using rla::fixtures::gpu;

/// The lessons' SGEMM without its launch dimensions: 2*N^3 fp32 FLOPs for
/// 16*N^2 bytes (A, B and C read, C written), intensity N/8. Without
/// recorded accesses the DRAM bytes are the requested ones.
KernelModel sgemm() {
  KernelModel M;
  M.Name = "sgemm";
  KernelParam N;
  N.Name = "N";
  N.Type = "int";
  N.ParamKind = KernelParam::Integer;
  M.Params.push_back(N);
  Expr Sym = Expr::symbol("N");
  CostVector V;
  V.Flops[static_cast<unsigned>(Precision::FP32)] = Expr(2) * Sym * Sym * Sym;
  V.GlobalLoadBytes = Expr(12) * Sym * Sym;
  V.GlobalStoreBytes = Expr(4) * Sym * Sym;
  M.Total = {V, V};
  M.PerThread = {V, V};
  return M;
}

KernelReport base(const KernelModel &M, const GpuSpec &G) {
  LaunchSpec L;
  L.Kernel = M.Name;
  L.Source = LaunchSource::Cli;
  L.Args["N"] = Rational(1024);
  for (unsigned D = 0; D < 3; ++D)
    L.Grid[D] = L.Block[D] = Rational(1);
  return bindLaunch(M, L, {}, {&G});
}

CrossoverResult solve(const char *Gpu, const std::string &Precision) {
  KernelModel M = sgemm();
  const GpuSpec &G = gpu(Gpu);
  return solveCrossover(base(M, G), {}, {}, G, "N", Precision);
}

// N/8 >= ridge: H100 SXM BF16 989 / 3.35 = 295.2 -> N >= 2362 (the lesson
// rounds to 2360); B200 BF16 281.25 -> 2250 (8 x the rounded 281 = 2248),
// FP8 4500, FP4 9000.
TEST(Crossover, SgemmOfTheLessons) {
  CrossoverResult H100 = solve("H100", "bf16");
  EXPECT_EQ(H100.Roof.label(), "tensor bf16");
  EXPECT_EQ(H100.Compulsory.How, CrossoverPoint::At);
  EXPECT_EQ(H100.Compulsory.Value, 2362);
  EXPECT_EQ(solve("B200", "bf16").Compulsory.Value, 2250);
  EXPECT_EQ(solve("B200", "fp8").Compulsory.Value, 4500);
  EXPECT_EQ(solve("B200", "fp4").Compulsory.Value, 9000);
}

TEST(Crossover, StoredInTheRoofsPrecisionHalvesTheBytes) {
  CrossoverResult R = solve("H100", "bf16");
  ASSERT_TRUE(R.Stored.has_value());
  EXPECT_DOUBLE_EQ(R.ByteScale, 0.5);
  // N/4 >= 295.2
  EXPECT_EQ(R.Stored->Value, 1181);
}

TEST(Crossover, OwnRoofWithoutPrecision) {
  // fp32 on the CUDA cores: 67 / 3.35 = 20 -> N >= 160.
  CrossoverResult R = solve("H100", "");
  EXPECT_EQ(R.Roof.label(), "fp32");
  EXPECT_EQ(R.Compulsory.Value, 160);
  EXPECT_FALSE(R.Stored.has_value());
}

TEST(Crossover, ConstantIntensityIsNeverOrAlways) {
  // SAXPY: 2 FLOPs per 12 bytes whatever n is.
  KernelModel M = sgemm();
  Expr N = Expr::symbol("N");
  CostVector V;
  V.Flops[static_cast<unsigned>(Precision::FP32)] = Expr(2) * N;
  V.GlobalLoadBytes = Expr(8) * N;
  V.GlobalStoreBytes = Expr(4) * N;
  M.Total = M.PerThread = {V, V};
  const GpuSpec &G = gpu("H100");
  CrossoverResult R = solveCrossover(base(M, G), {}, {}, G, "N", "bf16");
  EXPECT_EQ(R.Compulsory.How, CrossoverPoint::Never);
  EXPECT_GT(R.Compulsory.Limit, 1 << 20);
  // No bytes at all: compute-bound from the start.
  V.GlobalLoadBytes = V.GlobalStoreBytes = Expr(0);
  M.Total = M.PerThread = {V, V};
  R = solveCrossover(base(M, G), {}, {}, G, "N", "");
  EXPECT_EQ(R.Compulsory.How, CrossoverPoint::Always);
}

TEST(Crossover, WhatIfScalesBytesAndUsesTheTargetRoof) {
  KernelModel M = sgemm();
  const GpuSpec &G = gpu("H100");
  KernelReport K = base(M, G);
  auto W = whatIfPrecision(K, "bf16");
  ASSERT_TRUE(W.has_value());
  EXPECT_EQ(W->Current.label(), "fp32");
  EXPECT_EQ(W->Target.label(), "tensor bf16");
  EXPECT_DOUBLE_EQ(W->ByteScale, 0.5);
  EXPECT_NEAR(W->Intensity, 1024.0 / 8, 1e-9);
  EXPECT_NEAR(W->TargetIntensity, 1024.0 / 4, 1e-9);
  EXPECT_EQ(W->Verdict, Level::Compute);    // 128 > 20
  EXPECT_EQ(W->TargetVerdict, Level::Dram); // 256 < 295
  // 16 * 1024^2 bytes at half the size over 3.35 TB/s.
  EXPECT_NEAR(W->TargetTime, 8.0 * 1024 * 1024 / 3.35e12, 1e-12);
  EXPECT_FALSE(whatIfPrecision(K, "fp6").has_value());
}

} // namespace
