//===- CollectDiagnosticsTest.cpp -----------------------------------------===//
// collectDiagnostics is what the plugin and the language server report:
// the lines of renderDiagnostics as structured findings.
#include "analyzer/report/DiagnosticRenderer.h"

#include "ReportFixtures.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

TEST(CollectDiagnosticsTest, BoundRemarkBecomesAFinding) {
  GpuSpec L40S = fixtures::l40s(), H100 = fixtures::h100();
  std::vector<Finding> F = collectDiagnostics(fixtures::boundSaxpy(L40S, H100));
  ASSERT_EQ(F.size(), 2u);
  EXPECT_EQ(F[0].Id, "rl-memory-bound");
  EXPECT_EQ(F[0].Level, Severity::Remark);
  EXPECT_EQ(F[0].Message, "saxpy is memory-bound on L40S: 0.167 FLOP/B < "
                          "ridge 106 (predicted 233 us)");
  EXPECT_EQ(F[0].Loc.File, "saxpy.cu");
  EXPECT_EQ(F[0].Loc.Line, 12u);
  EXPECT_EQ(F[0].Loc.Column, 17u);
  EXPECT_EQ(F[1].Id, "rl-example");
  EXPECT_EQ(F[1].Level, Severity::Warning);
}

TEST(CollectDiagnosticsTest, SameOrderAndCountAsTheRenderedLines) {
  GpuSpec L40S = fixtures::l40s();
  Report R;
  R.Gpus = {&L40S};
  R.InputFile = "filter.cu";
  R.Kernels.push_back(fixtures::rangeFilter(L40S));
  R.Kernels.push_back(fixtures::rangeFilter(L40S)); // duplicates print once
  R.Findings.push_back(
      Finding{"rl-no-kernels", Severity::Note, "file level", {"", 0, 0}});
  std::string Rendered = renderDiagnostics(R);
  std::vector<Finding> F = collectDiagnostics(R);
  size_t Lines = std::count(Rendered.begin(), Rendered.end(), '\n');
  ASSERT_EQ(F.size(), Lines);
  EXPECT_EQ(F[0].Id, "rl-no-kernels"); // no file sorts first
  for (const Finding &X : F)
    EXPECT_NE(Rendered.find(X.Message + " [" + X.Id + "]"), std::string::npos)
        << X.Message;
}

} // namespace
