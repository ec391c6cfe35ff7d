//===- ScanFormatTest.cpp - sscanf on known strings -----------------------===//
///
/// Each case is checked against the C library's own sscanf.
//===----------------------------------------------------------------------===//
#include "analyzer/support/ScanFormat.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace rla;

namespace {

TEST(ScanFormatTest, OneIntegerFromAnArgument) {
  auto R = scanFormat("128", "%d");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Returned, 1);
  ASSERT_EQ(R->Values.size(), 1u);
  EXPECT_EQ(R->Values[0].Int, 128);
}

TEST(ScanFormatTest, SeveralConversionsWithLiteralsAndSpaces) {
  // A PGM header line and a "key=value" option.
  auto R = scanFormat("  512 384\t255", "%u %u %u");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Returned, 3);
  EXPECT_EQ(R->Values[1].Int, 384);
  auto K = scanFormat("size=1024,x", "size=%d,%s");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->Returned, 2);
  EXPECT_EQ(K->Values[0].Int, 1024);
  EXPECT_EQ(K->Values[1].Str, "x");
}

TEST(ScanFormatTest, RealsWidthsBasesAndSuppression) {
  auto R = scanFormat("0.5e3 0x1f 0755 12345", "%lf %i %o %*2d%d");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Returned, 4);
  EXPECT_DOUBLE_EQ(R->Values[0].Real, 500.0);
  EXPECT_EQ(R->Values[1].Int, 31);
  EXPECT_EQ(R->Values[2].Int, 0755);
  EXPECT_EQ(R->Values[3].Int, 345);
  double D;
  int I, J, K;
  EXPECT_EQ(
      std::sscanf("0.5e3 0x1f 0755 12345", "%lf %i %o %*2d%d", &D, &I, &J, &K),
      4);
  EXPECT_EQ(K, 345);
}

TEST(ScanFormatTest, FailuresReturnWhatTheLibraryReturns) {
  int A = 0, B = 0;
  // Matching failure: the assignments so far.
  auto M = scanFormat("7 x", "%d %d");
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Returned, std::sscanf("7 x", "%d %d", &A, &B));
  EXPECT_EQ(M->Returned, 1);
  // Input failure before the first conversion: EOF.
  auto E = scanFormat("   ", "%d");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Returned, std::sscanf("   ", "%d", &A));
  EXPECT_EQ(E->Returned, -1);
  // Matching failure at the first conversion: 0, not EOF.
  auto Z = scanFormat("abc", "%d");
  ASSERT_TRUE(Z);
  EXPECT_EQ(Z->Returned, std::sscanf("abc", "%d", &A));
  EXPECT_EQ(Z->Returned, 0);
  // %n counts characters and is not an assignment.
  auto N = scanFormat("42 rest", "%d%n");
  ASSERT_TRUE(N);
  EXPECT_EQ(N->Returned, 1);
  ASSERT_EQ(N->Values.size(), 2u);
  EXPECT_EQ(N->Values[1].Int, 2);
}

TEST(ScanFormatTest, ConversionsItDoesNotModelAreRefused) {
  EXPECT_FALSE(scanFormat("ab", "%c"));
  EXPECT_FALSE(scanFormat("ab", "%[a-z]"));
  EXPECT_FALSE(scanFormat("1", "%1$d"));
}

} // namespace
