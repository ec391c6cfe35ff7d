//===- DiagnosticRendererTest.cpp -----------------------------------------===//
#include "analyzer/report/DiagnosticRenderer.h"

#include "ReportFixtures.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace rla;

namespace {

class DiagnosticRendererTest : public ::testing::Test {
protected:
  GpuSpec L40S = fixtures::l40s();
  GpuSpec H100 = fixtures::h100();
};

std::vector<std::string> lines(const std::string &Text) {
  std::vector<std::string> Out;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);)
    Out.push_back(L);
  return Out;
}

TEST_F(DiagnosticRendererTest, MemoryBoundRemarkOnFirstGpuOnly) {
  auto L = lines(renderDiagnostics(fixtures::boundSaxpy(L40S, H100)));
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[0], "saxpy.cu:12:17: remark: saxpy is memory-bound on L40S: "
                  "0.167 FLOP/B < ridge 106 (predicted 233 us) "
                  "[rl-memory-bound]");
  EXPECT_EQ(L[1], "saxpy.cu:14:5: warning: something to look at [rl-example]");
}

TEST_F(DiagnosticRendererTest, ComputeBound) {
  Report R = fixtures::boundSaxpy(L40S, H100);
  R.Kernels[0].Findings.clear();
  RooflineResult C = fixtures::roofline(1e12, 1e9, 91.6e12, 864e9);
  R.Kernels[0].Verdicts[0].Low = R.Kernels[0].Verdicts[0].High = C;
  EXPECT_EQ(renderDiagnostics(R),
            "saxpy.cu:12:17: remark: saxpy is compute-bound on L40S: "
            "1000 FLOP/B >= ridge 106 (predicted 10.9 ms) "
            "[rl-compute-bound]\n");
}

TEST_F(DiagnosticRendererTest, UnboundKernelGetsNoRemark) {
  Report R;
  R.Gpus = {&L40S};
  R.Kernels.push_back(fixtures::unboundSaxpy(L40S));
  EXPECT_EQ(renderDiagnostics(R), "");
}

TEST_F(DiagnosticRendererTest, RangesAndOrderingAndDeduplication) {
  Report R;
  R.Gpus = {&L40S};
  R.InputFile = "filter.cu";
  R.Kernels.push_back(fixtures::rangeFilter(L40S));
  // The same finding reported by the model and the report prints once.
  R.Kernels[0].Model.Findings = R.Kernels[0].Findings;
  R.Findings = {{"rl-note", Severity::Note, "early", {"filter.cu", 1, 1}}};
  auto L = lines(renderDiagnostics(R));
  ASSERT_EQ(L.size(), 3u);
  EXPECT_EQ(L[0], "filter.cu:1:1: note: early [rl-note]");
  EXPECT_EQ(L[1], "filter.cu:5:17: remark: filter [filter_big] is "
                  "memory-bound on L40S: 0.250 .. 0.500 FLOP/B < ridge 106 "
                  "(predicted 77.7 us .. 155 us) [rl-memory-bound]");
  EXPECT_EQ(L[2], "filter.cu:8:9: warning: branch on loaded data; counts are "
                  "a range [rl-data-dependent]");
}

TEST_F(DiagnosticRendererTest, FindingsWithoutLocation) {
  Report R;
  R.Findings = {
      {"rl-no-kernels", Severity::Warning, "no kernels", {"empty.cu", 0, 0}},
      {"rl-bad-launch", Severity::Error, "unknown kernel 'foo'", {}}};
  auto L = lines(renderDiagnostics(R));
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[0], "rl-analyze: error: unknown kernel 'foo' [rl-bad-launch]");
  EXPECT_EQ(L[1], "empty.cu: warning: no kernels [rl-no-kernels]");
}

} // namespace
