//===- CheckFilterTest.cpp ------------------------------------------------===//
#include "analyzer/report/CheckFilter.h"
#include "analyzer/report/DiagnosticExplanations.h"
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/report/ListingRenderer.h"
#include "analyzer/report/Report.h"

#include <gtest/gtest.h>

using namespace rla;

TEST(CheckFilterTest, GlobMatching) {
  EXPECT_TRUE(globMatches("*", "rl-uncoalesced"));
  EXPECT_TRUE(globMatches("rl-*-bound", "rl-memory-bound"));
  EXPECT_TRUE(globMatches("rl-*-bound", "rl-compute-bound"));
  EXPECT_FALSE(globMatches("rl-*-bound", "rl-unbound-x"));
  EXPECT_TRUE(globMatches("rl-un*", "rl-unbound"));
  EXPECT_FALSE(globMatches("rl-un", "rl-unbound"));
  EXPECT_TRUE(globMatches("**rl**", "rl"));
  EXPECT_FALSE(globMatches("", "rl"));
}

TEST(CheckFilterTest, EverythingOnByDefault) {
  CheckFilter C;
  EXPECT_TRUE(C.enabled("rl-uncoalesced"));
  EXPECT_TRUE(C.enabled("rl-memory-bound"));
  EXPECT_EQ(C.text(), "*");
}

TEST(CheckFilterTest, LaterGlobsWin) {
  CheckFilter C;
  std::string Error;
  ASSERT_TRUE(C.append("-*,rl-uncoalesced", Error)) << Error;
  EXPECT_TRUE(C.enabled("rl-uncoalesced"));
  EXPECT_FALSE(C.enabled("rl-bank-conflict"));
  EXPECT_FALSE(C.enabled("rl-memory-bound"));
  // A finding without an ID is never filtered.
  EXPECT_TRUE(C.enabled(""));
  // A second list is appended: it can turn off what the first turned on.
  ASSERT_TRUE(C.append(" rl-*-bound , -rl-uncoalesced", Error)) << Error;
  EXPECT_FALSE(C.enabled("rl-uncoalesced"));
  EXPECT_TRUE(C.enabled("rl-compute-bound"));
  EXPECT_EQ(C.text(), "*,-*,rl-uncoalesced,rl-*-bound,-rl-uncoalesced");
}

TEST(CheckFilterTest, TyposAreErrors) {
  CheckFilter C;
  std::string Error;
  EXPECT_FALSE(C.append("-rl-uncoalesed", Error));
  EXPECT_EQ(Error, "--checks: 'rl-uncoalesed' matches no finding ID (see "
                   "--list-diagnostics)");
  EXPECT_FALSE(C.append("-", Error));
  EXPECT_EQ(C.text(), "*"); // nothing was appended
}

TEST(CheckFilterTest, ReadBackWithoutChecking) {
  CheckFilter C;
  C.appendUnchecked("*,-rl-memory-bound,rl-from-a-newer-tool");
  EXPECT_FALSE(C.enabled("rl-memory-bound"));
  EXPECT_TRUE(C.enabled("rl-compute-bound"));
}

TEST(CheckFilterTest, AppliedToAReport) {
  Report R;
  R.Findings.push_back({"rl-unknown-argument", Severity::Warning, "a", {}});
  R.Suppressed.push_back({"rl-opaque-call", Severity::Warning, "b", {}});
  KernelReport K;
  K.Findings.push_back({"rl-uncoalesced", Severity::Warning, "c", {}});
  K.Findings.push_back({"rl-bank-conflict", Severity::Warning, "d", {}});
  K.Model.Findings.push_back({"rl-recursion", Severity::Warning, "e", {}});
  R.Kernels.push_back(K);
  CheckFilter C;
  std::string Error;
  ASSERT_TRUE(C.append("-*,rl-uncoalesced", Error));
  applyCheckFilter(R, C);
  EXPECT_TRUE(R.Findings.empty());
  EXPECT_TRUE(R.Suppressed.empty());
  ASSERT_EQ(R.Kernels[0].Findings.size(), 1u);
  EXPECT_EQ(R.Kernels[0].Findings[0].Id, "rl-uncoalesced");
  EXPECT_TRUE(R.Kernels[0].Model.Findings.empty());
  EXPECT_FALSE(R.Checks.enabled("rl-memory-bound"));
}

TEST(DiagnosticExplanationsTest, EveryIdIsExplained) {
  size_t Count = 0;
  for (const DiagnosticInfo &D : diagnosticRegistry()) {
    const DiagnosticExplanation *E = findExplanation(D.Id);
    ASSERT_NE(E, nullptr) << D.Id;
    EXPECT_GT(std::string(E->Why).size(), 40u) << D.Id;
    EXPECT_GT(std::string(E->Example).size(), 10u) << D.Id;
    std::string Text = renderExplanation(D.Id);
    for (const char *Section :
         {"What it means\n", "Why it matters\n", "How to fix\n", "Example\n"})
      EXPECT_NE(Text.find(Section), std::string::npos) << D.Id << Section;
    for (const std::string &Line : {D.Id})
      EXPECT_EQ(Text.rfind(Line, 0), 0u) << Text;
    ++Count;
  }
  EXPECT_GT(Count, 20u);
  EXPECT_EQ(findExplanation("rl-no-such-id"), nullptr);
}

TEST(DiagnosticExplanationsTest, WrappedToEightyColumns) {
  std::string Text = renderExplanation("rl-bank-conflict");
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    EXPECT_LE(End - Start, 80u) << Text.substr(Start, End - Start);
    Start = End + 1;
  }
}
