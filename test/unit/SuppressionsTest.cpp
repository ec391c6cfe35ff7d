//===- SuppressionsTest.cpp -----------------------------------------------===//
#include "analyzer/report/Suppressions.h"

#include "ReportFixtures.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

TEST(IgnoredIds, ParsesTheCommentForms) {
  auto Ids = ignoredIds("  x = f(); // rl-analyze: ignore[rl-a, rl-b ]");
  ASSERT_TRUE(Ids);
  EXPECT_EQ(*Ids, (std::set<std::string>{"rl-a", "rl-b"}));
  Ids = ignoredIds("/* rl-analyze:ignore [*] */");
  ASSERT_TRUE(Ids);
  EXPECT_EQ(*Ids, (std::set<std::string>{"*"}));
}

TEST(IgnoredIds, RejectsWhatIsNotAnIgnoreComment) {
  EXPECT_FALSE(ignoredIds("x = 1;"));
  // Not in a comment: a string literal in code does not count.
  EXPECT_FALSE(ignoredIds("puts(\"rl-analyze: ignore[rl-a]\");"));
  EXPECT_FALSE(ignoredIds("// rl-analyze: ignore rl-a"));
  EXPECT_FALSE(ignoredIds("// rl-analyze: ignore[rl-a"));
  EXPECT_FALSE(ignoredIds("// rl-analyze: check[rl-a]"));
}

class SuppressionsTest : public ::testing::Test {
protected:
  GpuSpec L40S = fixtures::l40s();
  GpuSpec H100 = fixtures::h100();
  SourceLines Sources;
  /// saxpy's name on line 12, its finding (rl-example) on line 14.
  Report report(std::vector<std::string> Lines) {
    Sources.setFile("saxpy.cu", std::move(Lines));
    return fixtures::boundSaxpy(L40S, H100);
  }
  static std::vector<std::string> lines(std::map<unsigned, std::string> At) {
    std::vector<std::string> L(20, "  int x = 0;");
    for (const auto &[Line, Text] : At)
      L[Line - 1] = Text;
    return L;
  }
};

TEST_F(SuppressionsTest, OnTheFindingsLineOrAbove) {
  for (unsigned Line : {14u, 13u}) {
    Report R =
        report(lines({{Line, "f(); // rl-analyze: ignore[rl-example]"}}));
    applySuppressions(R, Sources);
    EXPECT_TRUE(R.Kernels[0].Findings.empty()) << Line;
    ASSERT_EQ(R.Suppressed.size(), 1u);
    EXPECT_EQ(R.Suppressed[0].Id, "rl-example");
    EXPECT_FALSE(R.Kernels[0].VerdictSuppressed);
  }
}

TEST_F(SuppressionsTest, OtherIdsAndOtherLinesStay) {
  Report R = report(lines({{14, "f(); // rl-analyze: ignore[rl-other]"},
                           {12, "__global__ void saxpy() {"},
                           {15, "// rl-analyze: ignore[rl-example]"}}));
  applySuppressions(R, Sources);
  EXPECT_EQ(R.Kernels[0].Findings.size(), 1u);
  EXPECT_TRUE(R.Suppressed.empty());
}

TEST_F(SuppressionsTest, KernelDeclarationSilencesItsFindingsAndVerdict) {
  Report R = report(lines({{10, "// rl-analyze: ignore[rl-example, "
                                "rl-memory-bound]"},
                           {11, "template <typename T> __global__ void"},
                           {12, "saxpy(int n) {"}}));
  applySuppressions(R, Sources);
  EXPECT_TRUE(R.Kernels[0].Findings.empty());
  EXPECT_TRUE(R.Kernels[0].VerdictSuppressed);
  ASSERT_EQ(R.Suppressed.size(), 2u);
  EXPECT_EQ(R.Suppressed[1].Id, "rl-memory-bound");
}

TEST_F(SuppressionsTest, DeclarationSearchStopsAtThePreviousStatement) {
  Report R = report(lines({{10, "// rl-analyze: ignore[*]"},
                           {11, "int previous;"},
                           {12, "__global__ void saxpy(int n) {"}}));
  applySuppressions(R, Sources);
  EXPECT_EQ(R.Kernels[0].Findings.size(), 1u);
  EXPECT_FALSE(R.Kernels[0].VerdictSuppressed);
}

TEST_F(SuppressionsTest, MissingSourceSuppressesNothing) {
  Report R = fixtures::boundSaxpy(L40S, H100);
  SourceLines None;
  applySuppressions(R, None);
  EXPECT_EQ(R.Kernels[0].Findings.size(), 1u);
  EXPECT_TRUE(R.Suppressed.empty());
}

} // namespace
