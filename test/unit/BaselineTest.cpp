//===- BaselineTest.cpp ---------------------------------------------------===//
#include "analyzer/report/Baseline.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace rla;
using Json = nlohmann::ordered_json;

namespace {

/// A JSON report with one kernel launch on one GPU.
Json report(const char *Bound, double Intensity, double Time, double Bytes,
            Json Occupancy = nullptr) {
  Json J = Json::parse(R"({"kernels": [{"name": "k", "case": null,
      "location": {"file": "k.cu", "line": 3, "column": 17},
      "launch": {"grid": [4096, 1, 1], "block": [256, null, 1]},
      "totals": {}, "occupancy": null, "verdicts": [{}]}]})");
  Json &K = J["kernels"][0];
  K["totals"]["dram_bytes"] = Bytes;
  K["totals"]["footprint_bytes"] = nullptr;
  K["occupancy"] = Occupancy;
  K["verdicts"][0] = {{"gpu", "H100"},
                      {"bound", Bound},
                      {"intensity", Intensity},
                      {"predicted_time_s", {{"low", 0}, {"high", Time}}}};
  return J;
}

std::vector<BaselineEntry> entries(const Json &R) {
  return baselineEntries(R, "k.cu");
}

TEST(Baseline, EntriesFromAReport) {
  auto E = entries(report("memory", 0.5, 2e-6, 1e6, Json{{"occupancy", 0.75}}));
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Kernel, "k");
  EXPECT_EQ(E[0].Launch, "grid=4096,1,1 block=256,?,1");
  EXPECT_EQ(E[0].Gpu, "H100");
  EXPECT_EQ(E[0].Bound, "memory");
  EXPECT_DOUBLE_EQ(*E[0].PredictedTime, 2e-6); // the high end
  EXPECT_DOUBLE_EQ(*E[0].Occupancy, 0.75);
  EXPECT_FALSE(E[0].FootprintBytes);
  EXPECT_EQ(E[0].Location.Line, 3u);
}

TEST(Baseline, UnchangedAndWithinTolerancePass) {
  auto Before = entries(report("memory", 0.5, 2e-6, 1e6));
  EXPECT_TRUE(compareToBaseline(Before, Before, 0.05).empty());
  auto Now = entries(report("memory", 0.49, 2.08e-6, 1.04e6));
  EXPECT_TRUE(compareToBaseline(Before, Now, 0.05).empty());
  // Better is never a regression.
  Now = entries(report("compute", 5, 1e-6, 1e5));
  EXPECT_TRUE(compareToBaseline(Before, Now, 0.05).empty());
}

TEST(Baseline, EachRegressionIsNamed) {
  auto Before =
      entries(report("compute", 20, 2e-6, 1e6, Json{{"occupancy", 1.0}}));
  auto Now = entries(report("memory", 10, 3e-6, 2e6, Json{{"occupancy", 0.5}}));
  std::vector<Finding> F = compareToBaseline(Before, Now, 0.05);
  ASSERT_EQ(F.size(), 5u);
  EXPECT_EQ(F[0].Id, "rl-baseline-regression");
  EXPECT_EQ(F[0].Level, Severity::Error);
  EXPECT_EQ(F[0].Message, "k on H100: bound changed from compute to memory");
  EXPECT_EQ(F[1].Message, "k on H100: DRAM intensity dropped from 20.0 to "
                          "10.0 FLOP/B (-50%, tolerance 5%)");
  EXPECT_NE(F[2].Message.find("occupancy dropped from 1.00 to 0.500"),
            std::string::npos);
  EXPECT_NE(F[3].Message.find("predicted time grew"), std::string::npos);
  EXPECT_NE(F[4].Message.find("DRAM bytes grew"), std::string::npos);
  EXPECT_EQ(F[0].Loc.File, "k.cu");
  EXPECT_EQ(F[0].Loc.Line, 3u);
}

TEST(Baseline, OtherLaunchesAndNewKernelsAreNotCompared) {
  auto Before = entries(report("memory", 0.5, 2e-6, 1e6));
  Json R = report("memory", 0.1, 9e-6, 9e6);
  R["kernels"][0]["launch"]["grid"][0] = 8192;
  EXPECT_TRUE(compareToBaseline(Before, entries(R), 0.05).empty());
}

TEST(Baseline, FileKeysAreRelativeToTheBaseline) {
  EXPECT_EQ(baselineFileKey("/repo/src/k.cu", "/repo/base.json"), "src/k.cu");
  EXPECT_EQ(baselineFileKey("/elsewhere/k.cu", "/repo/base.json"),
            "/elsewhere/k.cu");
}

} // namespace
