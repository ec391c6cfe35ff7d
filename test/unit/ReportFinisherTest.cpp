//===- ReportFinisherTest.cpp ---------------------------------------------===//
#include "analyzer/report/ReportFinisher.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

TEST(ReportFinisherTest, WordsThenFiltersEachEntryOnce) {
  Report R;
  CheckFilter Checks;
  std::string Error;
  ASSERT_TRUE(Checks.append("-rl-bank-conflict", Error));
  ReportFinisher Finish(R, Checks);
  EXPECT_EQ(R.Checks.text(), Checks.text());

  // A file finding given as data is worded; a disabled one is dropped.
  R.Findings.push_back(dataFinding("rl-unknown-argument", Severity::Warning,
                                   SourceLoc{"absent.cu", 0, 0},
                                   {{"bind", "nn"}}));
  R.Findings.push_back({"rl-bank-conflict", Severity::Warning, "b", {}});
  Finish.fileFindings(R.Findings);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_NE(R.Findings[0].Message.find("nn"), std::string::npos)
      << R.Findings[0].Message;

  KernelReport K;
  K.Findings.push_back({"rl-bank-conflict", Severity::Warning, "c", {}});
  K.Findings.push_back({"rl-uncoalesced", Severity::Warning, "d", {}});
  K.Model.Findings.push_back({"rl-bank-conflict", Severity::Warning, "e", {}});
  Finish.kernel(K);
  ASSERT_EQ(K.Findings.size(), 1u);
  EXPECT_EQ(K.Findings[0].Id, "rl-uncoalesced");
  EXPECT_TRUE(K.Model.Findings.empty());

  // Silenced findings of a disabled check leave with the last entry.
  R.Suppressed.push_back({"rl-bank-conflict", Severity::Warning, "f", {}});
  R.Suppressed.push_back({"rl-uncoalesced", Severity::Warning, "g", {}});
  Finish.done();
  ASSERT_EQ(R.Suppressed.size(), 1u);
  EXPECT_EQ(R.Suppressed[0].Id, "rl-uncoalesced");
}

} // namespace
