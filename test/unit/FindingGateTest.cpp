//===- FindingGateTest.cpp ------------------------------------------------===//
#include "analyzer/report/FindingGate.h"
#include "analyzer/report/SarifRenderer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace rla;
using Json = nlohmann::ordered_json;

namespace {

/// A report with a memory-bound kernel, a warning, a remark and a
/// suppressed warning.
Json report() {
  return Json::parse(R"({
    "kernels": [{"name": "k", "case": null, "bound": "memory",
      "location": {"file": "k.cu", "line": 3, "column": 17},
      "verdicts": [{"gpu": "H100"}],
      "diagnostics": [
        {"id": "rl-opaque-call", "severity": "warning", "message": "m",
         "file": "k.cu", "line": 5, "column": 3},
        {"id": "rl-unknown-trip-count", "severity": "remark", "message": "t",
         "file": "k.cu", "line": 6, "column": 3}]}],
    "diagnostics": [],
    "suppressed": [
      {"id": "rl-recursion", "severity": "warning", "message": "r",
       "file": "k.cu", "line": 7, "column": 3}]})");
}

std::vector<std::string> failing(std::vector<std::string> Items) {
  FailOnRule Rule;
  std::string Error;
  EXPECT_TRUE(parseFailOn(Items, Rule, Error)) << Error;
  std::vector<std::string> Ids;
  for (const Finding &F : failingFindings(report(), Rule))
    Ids.push_back(F.Id);
  return Ids;
}

TEST(FindingGate, ByIdLevelOrAny) {
  EXPECT_EQ(failing({"rl-opaque-call"}),
            std::vector<std::string>{"rl-opaque-call"});
  EXPECT_EQ(failing({"rl-memory-bound"}),
            std::vector<std::string>{"rl-memory-bound"});
  EXPECT_EQ(failing({"warning"}), std::vector<std::string>{"rl-opaque-call"});
  EXPECT_TRUE(failing({"error"}).empty());
  EXPECT_EQ(failing({"*"}).size(), 3u);
}

TEST(FindingGate, SuppressedFindingsNeverFail) {
  EXPECT_TRUE(failing({"rl-recursion"}).empty());
}

TEST(FindingGate, UnknownItemsAreErrors) {
  FailOnRule Rule;
  std::string Error;
  EXPECT_FALSE(parseFailOn({"rl-opaque-cal"}, Rule, Error));
  EXPECT_NE(Error.find("'rl-opaque-cal'"), std::string::npos);
}

TEST(FindingGate, VerdictSuppressedInSourceIsNotReported) {
  Json R = report();
  R["suppressed"].push_back({{"id", "rl-memory-bound"},
                             {"severity", "remark"},
                             {"message", "k is memory-bound on H100"},
                             {"file", "k.cu"},
                             {"line", 3},
                             {"column", 17}});
  FailOnRule Rule;
  std::string Error;
  ASSERT_TRUE(parseFailOn({"rl-memory-bound"}, Rule, Error));
  EXPECT_TRUE(failingFindings(R, Rule).empty());
}

TEST(Sarif, UrisAndLevels) {
  EXPECT_EQ(sarifUri("src/k.cu"), "src/k.cu");
  EXPECT_EQ(sarifUri("/a b/k#1.cu"), "file:///a%20b/k%231.cu");
  Json Log = Json::parse(renderSarif({report()}, "0.1.0"));
  EXPECT_EQ(Log["version"], "2.1.0");
  const Json &Results = Log["runs"][0]["results"];
  ASSERT_EQ(Results.size(), 4u);
  EXPECT_EQ(Results[0]["ruleId"], "rl-memory-bound");
  EXPECT_EQ(Results[0]["level"], "note");
  EXPECT_EQ(Results[1]["level"], "warning");
  EXPECT_EQ(
      Results[1]["locations"][0]["physicalLocation"]["region"]["startLine"], 5);
  EXPECT_EQ(Results[3]["suppressions"][0]["kind"], "inSource");
  // Every result's rule index points at its rule.
  for (const Json &Res : Results)
    EXPECT_EQ(Log["runs"][0]["tool"]["driver"]["rules"]
                 [Res["ruleIndex"].get<size_t>()]["id"],
              Res["ruleId"]);
}

} // namespace
