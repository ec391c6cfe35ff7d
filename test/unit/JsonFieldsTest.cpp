//===- JsonFieldsTest.cpp - Typed JSON fields without type_error ----------===//
#include "analyzer/support/JsonFields.h"

#include <gtest/gtest.h>

using namespace rla;
using nlohmann::json;

namespace {

TEST(JsonFields, ReadsFieldsOfTheRightType) {
  json J = json::parse(R"({"name": "k", "n": 12, "x": 2.5, "on": true,
                          "list": [1], "obj": {}})");
  JsonFields F(J, "entry 3");
  std::string Name;
  int N = 0;
  double X = 0;
  bool On = false;
  EXPECT_TRUE(F.string("name", Name));
  EXPECT_TRUE(F.integer("n", N));
  EXPECT_TRUE(F.number("x", X));
  EXPECT_TRUE(F.boolean("on", On));
  EXPECT_TRUE(F.array("list"));
  EXPECT_TRUE(F.object("obj"));
  EXPECT_TRUE(F.ok()) << F.error();
  EXPECT_EQ(Name, "k");
  EXPECT_EQ(N, 12);
  EXPECT_EQ(X, 2.5);
  EXPECT_TRUE(On);
}

TEST(JsonFields, WrongTypesNameTheObjectAndTheField) {
  json J = json::parse(R"({"line": "12", "grid": null})");
  JsonFields F(J, "entry 3");
  int Line = 7;
  EXPECT_FALSE(F.integer("line", Line));
  EXPECT_EQ(Line, 7);
  EXPECT_EQ(F.error(), "entry 3: \"line\" must be an integer in "
                       "[-2147483648, 2147483647], found a string");
  // The first failure stays; later reads fail too.
  EXPECT_FALSE(F.array("grid"));
  EXPECT_EQ(F.error().find("\"grid\""), std::string::npos);

  JsonFields G(J, "");
  EXPECT_FALSE(G.array("grid"));
  EXPECT_EQ(G.error(), "\"grid\" must be an array, found null");
}

TEST(JsonFields, MissingAndOptionalFields) {
  json J = json::object();
  JsonFields F(J, "line 2");
  int N = 5;
  EXPECT_TRUE(F.integer("n", N, JsonFields::Optional));
  EXPECT_EQ(N, 5);
  EXPECT_FALSE(F.array("args", JsonFields::Optional));
  EXPECT_TRUE(F.ok());
  std::string S;
  EXPECT_FALSE(F.string("kernel", S));
  EXPECT_EQ(F.error(), "line 2: \"kernel\" is missing");
}

TEST(JsonFields, NotAnObject) {
  for (const char *Text : {"null", "[]", "3", "\"x\""}) {
    json J = json::parse(Text);
    JsonFields F(J, "entry 0");
    EXPECT_FALSE(F.ok()) << Text;
    EXPECT_FALSE(F.has("a"));
    std::string S;
    EXPECT_FALSE(F.string("a", S, JsonFields::Optional));
    EXPECT_EQ(F.error().rfind("entry 0: expected an object, found ", 0), 0u)
        << F.error();
  }
}

TEST(JsonFields, IntegersOutOfRange) {
  json J = json::parse(R"({"neg": -1, "huge": 18446744073709551615,
                          "big": 1e300, "frac": 1.5, "whole": 256.0,
                          "wide": 4294967296})");
  int64_t V = 0;
  std::string Why;
  EXPECT_FALSE(jsonInteger(J["neg"], 0, 10, V, Why));
  EXPECT_EQ(Why, "must be an integer in [0, 10], found -1");
  EXPECT_FALSE(jsonInteger(J["huge"], 0, INT64_MAX, V, Why));
  EXPECT_FALSE(jsonInteger(J["big"], INT64_MIN, INT64_MAX, V, Why));
  EXPECT_FALSE(jsonInteger(J["frac"], 0, 10, V, Why));
  EXPECT_TRUE(jsonInteger(J["whole"], 0, 1024, V, Why));
  EXPECT_EQ(V, 256);
  EXPECT_FALSE(jsonInteger(J["whole"], 1, 10, V, Why));
  EXPECT_FALSE(jsonInteger(J["whole"], -10, -1, V, Why));

  JsonFields F(J, "");
  unsigned U = 0;
  EXPECT_FALSE(F.integer("neg", U)); // the type's range by default
  JsonFields G(J, "");
  EXPECT_FALSE(G.integer("wide", U));
  JsonFields H(J, "");
  uint64_t Wide = 0;
  EXPECT_TRUE(H.integer("wide", Wide));
  EXPECT_EQ(Wide, 4294967296u);
}

TEST(JsonFields, NumbersMustBeFiniteAndInRange) {
  json J = json::parse(R"({"x": -2, "s": "3"})");
  double D = 0;
  std::string Why;
  EXPECT_FALSE(jsonNumber(J["x"], 0, 1e9, D, Why));
  EXPECT_EQ(Why, "must be a number in [0, 1e+09], found -2");
  EXPECT_FALSE(jsonNumber(J["s"], 0, 1e9, D, Why));
  EXPECT_EQ(Why, "must be a number in [0, 1e+09], found a string");
  EXPECT_TRUE(jsonNumber(J["x"], -5, 1e9, D, Why));
  EXPECT_EQ(D, -2);
}

TEST(JsonFields, ElementFailures) {
  json J = json::parse(R"({"grid": [1, "2"]})");
  JsonFields F(J, "line 1");
  F.failElement("grid", 1, "must be a positive integer");
  EXPECT_EQ(F.error(), "line 1: \"grid\"[1] must be a positive integer");
}

} // namespace
