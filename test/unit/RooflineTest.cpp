//===- RooflineTest.cpp - Compute vs memory bound verdict -----------------===//
#include "analyzer/models/Roofline.h"
#include "ModelFixtures.h"
#include "analyzer/hw/GpuDatabase.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace rla;

namespace {

using rla::fixtures::gpu;

RooflineInput input(double Fp32Flops, double Bytes) {
  RooflineInput In;
  In.Flops[static_cast<unsigned>(Precision::FP32)] = Fp32Flops;
  In.DramBytes = Bytes;
  return In;
}

/// A hand-made GPU for cases the shipped data never has.
GpuSpec handMadeGpu() {
  GpuSpec G;
  G.Name = "Test";
  G.PeakFlops[static_cast<unsigned>(Precision::FP32)] =
      SourcedValue{10e12, "test"};
  G.DramBandwidth = SourcedValue{1e12, "test"};
  return G;
}

TEST(RooflineTest, RidgePoints) {
  // 91.6 TFLOP/s / 864 GB/s, 67 / 3.35, 104.8 / 1.792.
  EXPECT_NEAR(evaluateRoofline(input(1, 1), gpu("L40S")).RidgePoint, 106.0,
              0.1);
  EXPECT_NEAR(evaluateRoofline(input(1, 1), gpu("H100 SXM")).RidgePoint, 20.0,
              0.1);
  EXPECT_NEAR(evaluateRoofline(input(1, 1), gpu("RTX 5090")).RidgePoint, 58.5,
              0.1);
}

TEST(RooflineTest, VectorAddOnL40SIsMemoryBound) {
  // N = 1e8: one add per element, two 4-byte loads and one 4-byte store.
  RooflineResult R = evaluateRoofline(input(1e8, 1.2e9), gpu("L40S"));
  EXPECT_DOUBLE_EQ(R.TotalFlops, 1e8);
  EXPECT_NEAR(R.Intensity, 1.0 / 12, 1e-12);
  EXPECT_NEAR(R.MemoryTime, 1.389e-3, 1e-6);
  EXPECT_NEAR(R.ComputeTime, 1.09e-6, 1e-8);
  EXPECT_NEAR(R.AttainableFlops, 72e9, 1e3);
  EXPECT_DOUBLE_EQ(R.PredictedTime, R.MemoryTime);
  EXPECT_EQ(R.Verdict, Level::Dram);
  EXPECT_EQ(R.DominantPrecision, Precision::FP32);
  EXPECT_TRUE(R.Notes.empty());
}

TEST(RooflineTest, LargeMatmulOnH100IsComputeBound) {
  // N = 4096: 2N^3 FLOPs over three N x N float matrices.
  double N = 4096;
  RooflineResult R =
      evaluateRoofline(input(2 * N * N * N, 3 * N * N * 4), gpu("h100"));
  EXPECT_GT(R.Intensity, R.RidgePoint);
  EXPECT_EQ(R.Verdict, Level::Compute);
  EXPECT_DOUBLE_EQ(R.AttainableFlops, 67e12);
  EXPECT_DOUBLE_EQ(R.PredictedTime, R.ComputeTime);
}

TEST(RooflineTest, ComputeTimeSumsPrecisions) {
  RooflineInput In = input(67e9, 0);
  In.Flops[static_cast<unsigned>(Precision::FP64)] = 68e9;
  RooflineResult R = evaluateRoofline(In, gpu("h100"));
  // 67 GFLOP at 67 TFLOP/s plus 68 GFLOP at 34 TFLOP/s.
  EXPECT_NEAR(R.ComputeTime, 1e-3 + 2e-3, 1e-12);
  EXPECT_EQ(R.DominantPrecision, Precision::FP64);
  EXPECT_DOUBLE_EQ(R.PeakFlops, 34e12);
  EXPECT_NEAR(R.RidgePoint, 34e12 / 3.35e12, 1e-9);
}

TEST(RooflineTest, MissingPeakFallsBackToFp32WithANote) {
  RooflineInput In;
  In.Flops[static_cast<unsigned>(Precision::FP16)] = 104.8e9;
  In.DramBytes = 1;
  RooflineResult R = evaluateRoofline(In, gpu("rtx5090"));
  EXPECT_EQ(R.DominantPrecision, Precision::FP16);
  EXPECT_DOUBLE_EQ(R.PeakFlops, 104.8e12);
  EXPECT_NEAR(R.ComputeTime, 1e-3, 1e-12);
  ASSERT_EQ(R.Notes.size(), 1u);
  EXPECT_EQ(R.Notes[0],
            note(NoteId::Fp32PeakStandsIn,
                 {{"precision", "fp16"}, {"gpu", gpu("rtx5090").Name}}));
  EXPECT_EQ(R.Verdict, Level::Compute);
}

TEST(RooflineTest, NothingToDoIsUnknown) {
  RooflineResult R = evaluateRoofline(RooflineInput(), gpu("L40S"));
  EXPECT_FALSE(R.Verdict.has_value());
  EXPECT_EQ(R.DominantPrecision, Precision::FP32);
  EXPECT_DOUBLE_EQ(R.PredictedTime, 0);
  EXPECT_DOUBLE_EQ(R.Intensity, 0);
}

TEST(RooflineTest, FlopsWithoutBytesAreComputeBound) {
  RooflineResult R = evaluateRoofline(input(1e9, 0), handMadeGpu());
  EXPECT_TRUE(std::isinf(R.Intensity));
  EXPECT_DOUBLE_EQ(R.AttainableFlops, 10e12);
  EXPECT_EQ(R.Verdict, Level::Compute);
}

TEST(RooflineTest, BytesWithoutFlopsAreMemoryBound) {
  RooflineResult R = evaluateRoofline(input(0, 1e9), handMadeGpu());
  EXPECT_DOUBLE_EQ(R.MemoryTime, 1e-3);
  EXPECT_DOUBLE_EQ(R.AttainableFlops, 0);
  EXPECT_EQ(R.Verdict, Level::Dram);
}

TEST(RooflineTest, MissingBandwidthIsUnknownWithANote) {
  GpuSpec G = handMadeGpu();
  G.DramBandwidth.reset();
  RooflineResult R = evaluateRoofline(input(1e9, 1e9), G);
  EXPECT_FALSE(R.Verdict.has_value());
  ASSERT_EQ(R.Notes.size(), 1u);
  EXPECT_EQ(R.Notes[0].Id, NoteId::NoDramBandwidthForMemory);
}

TEST(RooflineTest, MeasuredBandwidthOnlyWhenAskedFor) {
  const GpuSpec &H200 = gpu("h200");
  RooflineInput In = input(0, 4.8e9);
  EXPECT_NEAR(evaluateRoofline(In, H200).MemoryTime, 1e-3, 1e-12);
  EXPECT_NEAR(evaluateRoofline(In, H200.withMeasured()).MemoryTime,
              4.8e9 / 4.3e12, 1e-12);
}

TEST(RooflineTest, BoundNames) {
  EXPECT_STREQ(verdictName(Level::Dram), "dram");
  EXPECT_STREQ(verdictName(Level::L2), "l2");
  EXPECT_STREQ(verdictName(Level::L1), "l1");
  EXPECT_STREQ(verdictName(Level::Compute), "compute");
  EXPECT_STREQ(verdictName(std::nullopt), "unknown");
}

} // namespace

TEST(RooflineTest, CacheLevelsAddCeilings) {
  GpuSpec G = handMadeGpu();
  G.L2Bandwidth = SourcedValue{4 * G.DramBandwidth->Value, "test"};
  G.L1Bandwidth = SourcedValue{10 * G.DramBandwidth->Value, "test"};
  RooflineInput In;
  In.Flops[static_cast<unsigned>(Precision::FP32)] = 1e6;
  In.DramBytes = 1e6;
  In.L2Bytes = 2e6;
  In.L1Bytes = 5e7; // 50x the DRAM bytes at 10x the bandwidth: L1 wins
  RooflineResult R = evaluateRoofline(In, G);
  EXPECT_EQ(R.Verdict, Level::L1);
  EXPECT_DOUBLE_EQ(R.PredictedTime, R.L1Time);
  EXPECT_DOUBLE_EQ(R.IntensityL1, 1e6 / 5e7);
  EXPECT_DOUBLE_EQ(R.IntensityL2, 0.5);

  In.L1Bytes = 1e6;
  In.L2Bytes = 1e7; // 10x the DRAM bytes at 4x the bandwidth: L2
  R = evaluateRoofline(In, G);
  EXPECT_EQ(R.Verdict, Level::L2);
  EXPECT_DOUBLE_EQ(R.PredictedTime, R.L2Time);

  // Without a bandwidth the level has an intensity but no time.
  G.L2Bandwidth.reset();
  R = evaluateRoofline(In, G);
  EXPECT_FALSE(R.L2Known);
  EXPECT_EQ(R.L2Time, 0);
  EXPECT_NE(R.Verdict, Level::L2);
}

// L1 and shared memory are an SM's own: the busiest SM's share of the
// blocks sets the L1 time (a grid of 32 blocks on 132 SMs: 132/32 = 4.125x
// the time of the same bytes spread over every SM).
TEST(RooflineTest, L1TimeIsTheBusiestSms) {
  GpuSpec G = handMadeGpu();
  G.L1Bandwidth = SourcedValue{10 * G.DramBandwidth->Value, "test"};
  RooflineInput In;
  In.DramBytes = 1e6;
  In.L1Bytes = 5e7;
  double Spread = evaluateRoofline(In, G).L1Time;
  In.SmWaveFactor = 132.0 / 32;
  RooflineResult R = evaluateRoofline(In, G);
  EXPECT_DOUBLE_EQ(R.L1Time, Spread * 132.0 / 32);
  EXPECT_EQ(R.Verdict, Level::L1);
}

namespace {

/// The ridge of Gpu's tensor roof for Kind, 0 when it has none.
double tensorRidge(const char *Gpu, const std::string &Kind) {
  for (const RidgePoint &R : ridgePoints(gpu(Gpu)))
    if (R.Tensor && R.Precision == Kind)
      return R.Ridge;
  return 0;
}

} // namespace

// The lessons' numbers: L40S FP16 tensor 362 TFLOP/s at 864 GB/s -> 419;
// H100 SXM BF16 989 / FP8 1979 at 3.35 TB/s -> 295 / 591 (the lesson
// rounds to 592); B200 BF16 2250 / FP8 4500 / FP4 9000 at 8 TB/s -> 281 /
// 562 / 1125.
TEST(RooflineTest, TensorRidgePointsOfTheLessons) {
  EXPECT_NEAR(tensorRidge("L40S", "fp16"), 419, 0.5);
  EXPECT_NEAR(tensorRidge("H100", "bf16"), 295, 0.5);
  EXPECT_NEAR(tensorRidge("H100", "fp8"), 592, 592 * 0.01);
  EXPECT_NEAR(tensorRidge("B200", "bf16"), 281.25, 1e-9);
  EXPECT_NEAR(tensorRidge("B200", "fp8"), 562.5, 1e-9);
  EXPECT_NEAR(tensorRidge("B200", "fp4"), 1125, 1e-9);
  // Every GPU of the database has a dense fp16 tensor roof.
  for (const char *G : {"V100", "T4", "A100", "A10", "L4", "L40S", "RTX4090",
                        "H100", "H100-PCIe", "H200", "B200"})
    EXPECT_GT(tensorRidge(G, "fp16"), 0) << G;
  EXPECT_GT(tensorRidge("RTX5090", "fp16_acc16"), 0);
}

TEST(RooflineTest, TensorFlopsUseTheTensorRoof) {
  const GpuSpec &H100 = gpu("H100");
  RooflineInput In;
  In.TensorFlops[static_cast<unsigned>(TensorPrecision::BF16)] = 989e12;
  In.DramBytes = 1e9;
  RooflineResult R = evaluateRoofline(In, H100);
  ASSERT_TRUE(R.DominantTensor.has_value());
  EXPECT_EQ(*R.DominantTensor, TensorPrecision::BF16);
  EXPECT_EQ(R.RoofName, "tensor bf16");
  EXPECT_DOUBLE_EQ(R.ComputeTime, 1.0);
  EXPECT_NEAR(R.RidgePoint, 295.2, 0.1);
  EXPECT_EQ(R.Verdict, Level::Compute);
  EXPECT_DOUBLE_EQ(R.TotalFlops, 989e12);
}

TEST(RooflineTest, GeForceFp16AccumulateHasItsOwnRoof) {
  const GpuSpec &Rtx = gpu("RTX4090");
  EXPECT_DOUBLE_EQ(tensorPeak(Rtx, TensorPrecision::FP16)->Value, 165.2e12);
  EXPECT_DOUBLE_EQ(tensorPeak(Rtx, TensorPrecision::FP16Acc16)->Value,
                   330.3e12);
  // A data-centre part lists one rate for both.
  const GpuSpec &H100 = gpu("H100");
  EXPECT_EQ(tensorPeak(H100, TensorPrecision::FP16Acc16),
            tensorPeak(H100, TensorPrecision::FP16));
  // The RTX 5090's fp32-accumulate rate is not listed: the fp16-accumulate
  // peak stands in, marked as an upper bound.
  bool Upper = false;
  EXPECT_NE(tensorPeak(gpu("RTX5090"), TensorPrecision::FP16, &Upper), nullptr);
  EXPECT_TRUE(Upper);
}

TEST(RooflineTest, NoTensorPeakLeavesComputeUnknown) {
  RooflineInput In;
  In.TensorFlops[static_cast<unsigned>(TensorPrecision::INT4)] = 1e12;
  In.DramBytes = 1e9;
  RooflineResult R = evaluateRoofline(In, gpu("H100"));
  EXPECT_FALSE(R.Verdict.has_value());
  ASSERT_FALSE(R.Notes.empty());
  EXPECT_EQ(R.Notes.front(),
            note(NoteId::NoTensorPeak,
                 {{"precision", "int4"}, {"gpu", gpu("H100").Name}}));
}

namespace {

TEST(RooflineTest, TextureUnitsSetTheL1TimeWhenSlowerThanItsBytes) {
  // 17.8M fetches of 4-byte texels (71 MB through L1) on the H100 SXM:
  // 528 texture units at the boost clock take longer than the L1 bytes.
  const GpuSpec &G = gpu("H100 SXM");
  RooflineInput In = input(1e6, 8e6);
  In.L1Bytes = 71.3e6;
  In.TextureFetches = 17.8e6;
  RooflineResult R = evaluateRoofline(In, G);
  ASSERT_TRUE(G.TextureThroughput);
  EXPECT_NEAR(G.TextureThroughput->Value, 132 * 4 * G.BoostClockHz->Value, 1);
  EXPECT_NEAR(R.TextureTime, 17.8e6 / G.TextureThroughput->Value, 1e-12);
  EXPECT_TRUE(R.TextureBound);
  EXPECT_DOUBLE_EQ(R.L1Time, R.TextureTime);
  ASSERT_FALSE(R.Notes.empty());
  EXPECT_EQ(R.Notes.back().Id, NoteId::TextureUnitsSetL1Time);

  // Few fetches: the L1 bytes set the time, and nothing is said.
  In.TextureFetches = 1000;
  RooflineResult Few = evaluateRoofline(In, G);
  EXPECT_FALSE(Few.TextureBound);
  EXPECT_GT(Few.L1Time, Few.TextureTime);
}

} // namespace

namespace {

TEST(RooflineTest, ZeroCopyTrafficTakesTheHostLinkEachWay) {
  // 8 MB read and 4 MB written over the H100 SXM's 64 GB/s each way: the
  // reads take 125 us, which sets the memory time over 1 MB of DRAM.
  const GpuSpec &G = gpu("H100 SXM");
  RooflineInput In = input(1e6, 1e6);
  In.HostLinkReadBytes = 8e6;
  In.HostLinkWriteBytes = 4e6;
  RooflineResult R = evaluateRoofline(In, G);
  EXPECT_NEAR(R.HostLinkTime, 8e6 / 64e9, 1e-12);
  EXPECT_DOUBLE_EQ(R.MemoryTime, R.HostLinkTime);
  EXPECT_EQ(R.Verdict, Level::Dram);
  ASSERT_FALSE(R.Notes.empty());
  EXPECT_EQ(R.Notes.back().Id, NoteId::HostLinkTime);

  // A GPU without a host-link rate says the traffic is not timed.
  GpuSpec NoLink = handMadeGpu();
  RooflineResult Untimed = evaluateRoofline(In, NoLink);
  EXPECT_EQ(Untimed.HostLinkTime, 0);
  ASSERT_FALSE(Untimed.Notes.empty());
  EXPECT_EQ(Untimed.Notes.back().Id, NoteId::HostLinkNotTimed);
}

} // namespace
