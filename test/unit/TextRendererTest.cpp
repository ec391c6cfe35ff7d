//===- TextRendererTest.cpp -----------------------------------------------===//
#include "analyzer/report/TextRenderer.h"

#include "ReportFixtures.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

class TextRendererTest : public ::testing::Test {
protected:
  GpuSpec L40S = fixtures::l40s();
  GpuSpec H100 = fixtures::h100();
};

bool contains(const std::string &Text, const std::string &Part) {
  return Text.find(Part) != std::string::npos;
}

/// The first line that contains Part, or "" when none does.
std::string lineWith(const std::string &Text, const std::string &Part) {
  size_t At = Text.find(Part);
  if (At == std::string::npos)
    return "";
  size_t Begin = Text.rfind('\n', At);
  Begin = Begin == std::string::npos ? 0 : Begin + 1;
  return Text.substr(Begin, Text.find('\n', At) - Begin);
}

TEST_F(TextRendererTest, BoundKernelBlock) {
  std::string T = renderText(fixtures::boundSaxpy(L40S, H100), false);
  EXPECT_EQ(lineWith(T, "saxpy  ("),
            "saxpy  (saxpy.cu:12:17)  launch-site saxpy.cu:40:3  "
            "grid 65536x1x1  block 256x1x1  smem 0");
  std::string Flops = lineWith(T, "FLOPs");
  EXPECT_TRUE(contains(Flops, "33,554,432")) << Flops;
  EXPECT_TRUE(contains(Flops, "(fp32 33.6 MFLOP)")) << Flops;
  EXPECT_TRUE(contains(Flops, "per thread: 2")) << Flops;
  std::string Bytes = lineWith(T, "bytes");
  EXPECT_TRUE(contains(Bytes, "201,326,592  load 134 MB  store 67.1 MB"))
      << Bytes;
  EXPECT_EQ(lineWith(T, "intensity"), "  intensity  0.167 FLOP/B");

  std::string Row = lineWith(T, "  L40S");
  // The bound level's time, the DRAM intensity and ridge it is compared
  // with, and each level's time with the share of its peak.
  for (const char *Cell : {"0.167 FLOP/B (DRAM)", "106 FLOP/B", "366 ns 0%",
                           "233 us 100%", "dram"})
    EXPECT_TRUE(contains(Row, Cell)) << Cell << " in: " << Row;
  std::string H100Row = lineWith(T, "  H100 SXM");
  EXPECT_TRUE(contains(H100Row, "20.0")) << H100Row;
  EXPECT_TRUE(contains(H100Row, "60.1 us")) << H100Row;
  // Columns line up: each header starts where its cells start.
  std::string Header = lineWith(T, "  GPU");
  EXPECT_EQ(Header.find("bound"), Row.find("dram"));
  EXPECT_EQ(Header.find("bound"), H100Row.find("dram"));

  // Assumptions only with --verbose; the count of the hidden ones instead.
  EXPECT_FALSE(contains(T, "assumes: every load misses L2"));
  EXPECT_TRUE(contains(T, "not shown; --verbose prints them"));
  std::string Verbose = renderText(fixtures::boundSaxpy(L40S, H100), false,
                                   /*Verbose=*/true);
  EXPECT_TRUE(contains(Verbose, "assumes: every load misses L2"));
  EXPECT_FALSE(contains(Verbose, "not shown; --verbose"));
  EXPECT_TRUE(contains(T, "saxpy.cu:14:5: warning: something to look at "
                          "[rl-example]"));
  EXPECT_FALSE(contains(T, "\033["));
}

TEST_F(TextRendererTest, UnboundKernelShowsFormulasAndWhatToBind) {
  Report R;
  R.Gpus = {&L40S};
  R.Kernels.push_back(fixtures::unboundSaxpy(L40S));
  std::string T = renderText(R, false);
  EXPECT_TRUE(contains(T, "saxpy  (saxpy.cu:12:17)  no launch"));
  EXPECT_TRUE(contains(lineWith(T, "FLOPs"), "2*min(n, blockDim.x*gridDim.x)"));
  EXPECT_TRUE(
      contains(lineWith(T, "bytes"), "12*min(n, blockDim.x*gridDim.x)"));
  EXPECT_EQ(lineWith(T, "unbound:"),
            "  unbound: n, gridDim.x, blockDim.x \u2014 bind with "
            "--launch 'saxpy:grid=...,block=...' and --bind n=...");
  // No made-up numbers for an unbound launch.
  EXPECT_FALSE(contains(T, "intensity"));
  EXPECT_FALSE(contains(T, "  GPU"));
  EXPECT_TRUE(contains(T, "summary: L40S: 1 kernel analysed, 0 memory-bound, "
                          "0 compute-bound, 1 unbound"));
}

TEST_F(TextRendererTest, RangesPrintLowDotDotHigh) {
  Report R;
  R.Gpus = {&L40S};
  R.Kernels.push_back(fixtures::rangeFilter(L40S));
  std::string T = renderText(R, false);
  EXPECT_TRUE(
      contains(T, "filter [filter_big]  (filter.cu:5:17)  launch-file"));
  EXPECT_TRUE(contains(lineWith(T, "FLOPs"), "16,777,216 .. 67,108,864"));
  EXPECT_TRUE(contains(lineWith(T, "FLOPs"), "per thread: 1 .. 4"));
  EXPECT_TRUE(contains(lineWith(T, "bytes"), "store 0 B .. 67.1 MB"));
  EXPECT_EQ(lineWith(T, "intensity"), "  intensity  0.250 .. 0.500 FLOP/B");
  EXPECT_TRUE(contains(lineWith(T, "  L40S"), "77.7 us .. 155 us"));
  EXPECT_TRUE(contains(T, "range: if (x[i] > 0)"));
}

TEST_F(TextRendererTest, SummaryPerGpu) {
  Report R = fixtures::boundSaxpy(L40S, H100);
  std::string T = renderText(R, false);
  EXPECT_TRUE(contains(T, "summary: L40S: 1 kernel analysed, 1 memory-bound "
                          "(1 dram), 0 compute-bound\n"));
  EXPECT_TRUE(contains(T, "summary: H100 SXM: 1 kernel analysed, "
                          "1 memory-bound (1 dram), 0 compute-bound\n"));
  R.Gpus.clear();
  for (KernelReport &K : R.Kernels)
    K.Verdicts.clear();
  EXPECT_TRUE(contains(renderText(R, false),
                       "summary: 1 kernel analysed (no GPU selected)"));
  EXPECT_TRUE(
      contains(renderText(Report(), false), "summary: no kernels analysed"));
}

/// L1-, L2- and latency-bound launches are counted as what they are.
TEST_F(TextRendererTest, SummaryCountsEachMemoryLevel) {
  Report R = fixtures::boundSaxpy(L40S, H100);
  KernelReport K = R.Kernels.front();
  R.Kernels.clear();
  for (Level B : {Level::L1, Level::L1, Level::Latency, Level::Dram}) {
    K.Verdicts[0].Low.Verdict = K.Verdicts[0].High.Verdict = B;
    R.Kernels.push_back(K);
  }
  std::string T = renderText(R, false);
  EXPECT_TRUE(contains(T, "summary: L40S: 4 kernels analysed, 4 memory-bound "
                          "(1 dram, 2 l1, 1 latency), 0 compute-bound\n"))
      << T;
}

/// A kernel launched three times: a finding all launches have is printed
/// once, after the last launch, marked as theirs; one that only some have
/// names them.
TEST_F(TextRendererTest, FindingsOncePerKernel) {
  Report R = fixtures::boundSaxpy(L40S, H100);
  KernelReport First = R.Kernels.front();
  First.Findings.clear();
  First.Model.Findings.clear();
  Finding Shared{
      "rl-uncoalesced", Severity::Warning, "strided", {"saxpy.cu", 14, 5}};
  Finding Only{
      "rl-bank-conflict", Severity::Warning, "conflict", {"saxpy.cu", 15, 5}};
  R.Kernels.clear();
  for (const char *Case : {"a", "b", "c"}) {
    KernelReport K = First;
    K.Launch.CaseName = Case;
    K.Findings.push_back(Shared);
    if (std::string(Case) != "b")
      K.Findings.push_back(Only);
    R.Kernels.push_back(K);
  }
  std::string T = renderText(R, false);
  auto count = [&](const std::string &Part) {
    size_t N = 0;
    for (size_t At = T.find(Part); At != std::string::npos;
         At = T.find(Part, At + 1))
      ++N;
    return N;
  };
  EXPECT_EQ(count("[rl-uncoalesced]"), 1u) << T;
  EXPECT_EQ(count("[rl-bank-conflict]"), 1u) << T;
  EXPECT_EQ(
      lineWith(T, "[rl-uncoalesced]"),
      "  saxpy.cu:14:5: warning: strided [rl-uncoalesced]  (all 3 launches)");
  EXPECT_EQ(lineWith(T, "[rl-bank-conflict]"),
            "  saxpy.cu:15:5: warning: conflict [rl-bank-conflict]  (launches "
            "[a], [c])");
  // After the last launch's block.
  EXPECT_GT(T.find("[rl-uncoalesced]"), T.find("saxpy [c]"));
  // A kernel with one launch prints its findings without the suffix.
  R.Kernels.resize(1);
  EXPECT_EQ(lineWith(renderText(R, false), "[rl-uncoalesced]"),
            "  saxpy.cu:14:5: warning: strided [rl-uncoalesced]");
}

TEST_F(TextRendererTest, ColorOnlyWhenAsked) {
  Report R = fixtures::boundSaxpy(L40S, H100);
  std::string T = renderText(R, true);
  EXPECT_TRUE(contains(T, "\033[1msaxpy\033[0m"));
  EXPECT_TRUE(contains(T, "\033[1;33mdram\033[0m"));
}

} // namespace
