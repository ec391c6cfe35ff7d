//===- HoverRendererTest.cpp ----------------------------------------------===//
#include "analyzer/report/HoverRenderer.h"

#include "ReportFixtures.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

TEST(HoverRendererTest, KernelIdentifier) {
  EXPECT_EQ(kernelIdentifier("saxpy"), "saxpy");
  EXPECT_EQ(kernelIdentifier("scale<float>"), "scale");
  EXPECT_EQ(kernelIdentifier("ns::inner::k<32, ns::T>"), "k");
}

TEST(HoverRendererTest, BoundLaunchOnEveryGpu) {
  GpuSpec L40S = fixtures::l40s(), H100 = fixtures::h100();
  Report R = fixtures::boundSaxpy(L40S, H100);
  std::vector<const KernelReport *> K = kernelsNamed(R, "saxpy");
  ASSERT_EQ(K.size(), 1u);
  std::string Text = renderHover(K);
  EXPECT_NE(Text.find("- FLOPs: 33,554,432\n"), std::string::npos) << Text;
  EXPECT_NE(Text.find("- L40S: 0.167 FLOP/B, memory-bound (ridge 106), "
                      "predicted 233 us\n"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("- H100 SXM: "), std::string::npos) << Text;
  EXPECT_TRUE(kernelsNamed(R, "sax").empty());
}

TEST(HoverRendererTest, LimitersLongestFirstWithTheLead) {
  GpuSpec L40S = fixtures::l40s(), H100 = fixtures::h100();
  Report R = fixtures::boundSaxpy(L40S, H100);
  std::string Text = renderHover(kernelsNamed(R, "saxpy"));
  EXPECT_NE(Text.find("- limiters on L40S: DRAM 233 us (636x compute), "
                      "compute 366 ns\n"),
            std::string::npos)
      << Text;
}

TEST(HoverRendererTest, UnboundLaunchNamesWhatToBind) {
  GpuSpec L40S = fixtures::l40s();
  Report R;
  R.Gpus = {&L40S};
  R.Kernels.push_back(fixtures::unboundSaxpy(L40S));
  std::string Text = renderHover(kernelsNamed(R, "saxpy"));
  EXPECT_NE(Text.find("- unbound: "), std::string::npos) << Text;
  EXPECT_NE(Text.find("- FLOPs: `"), std::string::npos) << Text;
}

TEST(HoverRendererTest, RangesShowBothEnds) {
  GpuSpec L40S = fixtures::l40s();
  Report R;
  R.Gpus = {&L40S};
  R.Kernels.push_back(fixtures::rangeFilter(L40S));
  std::string Text = renderHover(kernelsNamed(R, R.Kernels[0].Model.Name));
  EXPECT_NE(Text.find(" .. "), std::string::npos) << Text;
}

} // namespace

namespace {

TEST(HoverRendererTest, IssueModelLine) {
  GpuSpec L40S = fixtures::l40s(), H100 = fixtures::h100();
  Report R = fixtures::boundSaxpy(L40S, H100);
  KernelReport &K = R.Kernels[0];
  // The compiled code's count on the H100 only.
  IssueEstimate E;
  E.Mix.Total = 4.2e6;
  E.Mix.ByPipe[unsigned(SassPipe::Fma)] = 2.1e6;
  E.Mix.ByPipe[unsigned(SassPipe::Lsu)] = 2.1e6;
  E.Time = 2.5e-6;
  E.Limiter = "issue";
  E.WaveFactor = 1;
  K.Verdicts[1].Issue = E;
  std::string Text = renderHover(kernelsNamed(R, "saxpy"));
  EXPECT_NE(Text.find("- issue on H100 SXM: 4.20M warp instructions in "
                      "2.50 us (issue slots; fma 50%, lsu 50%)\n"),
            std::string::npos)
      << Text;
  EXPECT_EQ(Text.find("- issue on L40S"), std::string::npos) << Text;
}

} // namespace
