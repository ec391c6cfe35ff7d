//===- JsonDepthTest.cpp - Nesting depth without recursion ----------------===//
#include "analyzer/support/JsonDepth.h"

#include <gtest/gtest.h>

#include <string>

using namespace rla;

namespace {

TEST(JsonDepth, CountsArraysAndObjects) {
  EXPECT_EQ(jsonNestingDepth(""), 0u);
  EXPECT_EQ(jsonNestingDepth("3"), 0u);
  EXPECT_EQ(jsonNestingDepth("[]"), 1u);
  EXPECT_EQ(jsonNestingDepth(R"({"a": [1, {"b": []}], "c": {}})"), 4u);
  EXPECT_EQ(jsonNestingDepth("[][][]"), 1u);
}

TEST(JsonDepth, BracketsInStringsAreText) {
  EXPECT_EQ(jsonNestingDepth(R"({"s": "[[[[{{{{"})"), 1u);
  EXPECT_EQ(jsonNestingDepth(R"({"s": "a\"[[[["})"), 1u);
  EXPECT_EQ(jsonNestingDepth(R"(["\\", [[]]])"), 3u);
}

TEST(JsonDepth, DeepAndBrokenText) {
  EXPECT_EQ(jsonNestingDepth(std::string(50000, '[')), 50000u);
  EXPECT_EQ(jsonNestingDepth("]]]][["), 2u);
  EXPECT_EQ(jsonNestingDepth("\"unterminated [[["), 0u);
}

TEST(JsonDepth, FilesDeeperThanTheLimitAreRefused) {
  EXPECT_EQ(jsonTooDeep(std::string(MaxFileJsonDepth, '[')), "");
  EXPECT_EQ(jsonTooDeep(std::string(20000, '[') + std::string(20000, ']')),
            "nested 20000 levels deep; at most 256 are read");
}

} // namespace
