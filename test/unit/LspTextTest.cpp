//===- LspTextTest.cpp ----------------------------------------------------===//
#include "analyzer/driver/LspText.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

TEST(LspTextTest, Uris) {
  EXPECT_EQ(uriToPath("file:///home/a/k.cu"), "/home/a/k.cu");
  EXPECT_EQ(uriToPath("file:///home/my%20dir/k%2B.cu"), "/home/my dir/k+.cu");
  EXPECT_EQ(uriToPath("untitled:Untitled-1"), std::nullopt);
  EXPECT_EQ(pathToUri("/home/my dir/k+.cu"), "file:///home/my%20dir/k%2B.cu");
  EXPECT_EQ(uriToPath(pathToUri("/a/b_c-d.~e.cu")), "/a/b_c-d.~e.cu");
}

TEST(LspTextTest, PositionsCountUtf16Units) {
  // "é" is 2 bytes and 1 UTF-16 unit; "𝑥" is 4 bytes and 2 units.
  std::string Text = "ab\n\xC3\xA9x\n\xF0\x9D\x91\xA5y\n";
  EXPECT_EQ(offsetOfPosition(Text, 0, 1), 1u);
  EXPECT_EQ(offsetOfPosition(Text, 1, 1), 5u);  // after é
  EXPECT_EQ(offsetOfPosition(Text, 2, 2), 11u); // after 𝑥
  EXPECT_EQ(offsetOfPosition(Text, 0, 99), 2u); // clamped to the line
  EXPECT_EQ(offsetOfPosition(Text, 9, 0), Text.size());
  EXPECT_EQ(utf16Column(Text, 1, 2), 1u);
  EXPECT_EQ(utf16Column(Text, 2, 5), 3u);
}

TEST(LspTextTest, Identifiers) {
  std::string Text = "void k(int n) { scale_2<<<1, 2>>>(n); }";
  size_t B, E;
  EXPECT_EQ(identifierAt(Text, Text.find("scale") + 3, B, E), "scale_2");
  EXPECT_EQ(Text.substr(B, E - B), "scale_2");
  EXPECT_EQ(identifierAt(Text, Text.find("<<<") + 1, B, E), "");
  EXPECT_EQ(identifierAt(Text, Text.find("1,"), B, E), "");
  EXPECT_EQ(tokenLengthAt(Text, 0, Text.find("scale")), 7u);
  EXPECT_EQ(tokenLengthAt(Text, 0, Text.find("(")), 1u);
}

} // namespace
