//===- BaselineTest.cpp ---------------------------------------------------===//
#include "analyzer/report/Baseline.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>
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
  EXPECT_TRUE(compareToBaseline(Before, Before, 0.05).Regressions.empty());
  auto Now = entries(report("memory", 0.49, 2.08e-6, 1.04e6));
  EXPECT_TRUE(compareToBaseline(Before, Now, 0.05).Regressions.empty());
  // Better is never a regression.
  Now = entries(report("compute", 5, 1e-6, 1e5));
  EXPECT_TRUE(compareToBaseline(Before, Now, 0.05).Regressions.empty());
}

TEST(Baseline, EachRegressionIsNamed) {
  auto Before =
      entries(report("compute", 20, 2e-6, 1e6, Json{{"occupancy", 1.0}}));
  auto Now = entries(report("memory", 10, 3e-6, 2e6, Json{{"occupancy", 0.5}}));
  std::vector<Finding> F = compareToBaseline(Before, Now, 0.05).Regressions;
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

TEST(Baseline, AChangedLaunchAtTheSameSiteIsCompared) {
  // 256 -> 32 threads at the same launch site: the same launch, worse.
  auto Before = entries(report("memory", 0.5, 2e-6, 1e6));
  Json R = report("latency", 0.5, 4e-6, 1e6);
  R["kernels"][0]["launch"]["block"][0] = 32;
  BaselineComparison C = compareToBaseline(Before, entries(R), 0.05);
  ASSERT_EQ(C.Regressions.size(), 2u);
  EXPECT_EQ(C.Regressions[0].Message,
            "k on H100: bound changed from memory to latency (launch "
            "grid=4096,1,1 block=256,?,1 -> grid=4096,1,1 block=32,?,1)");
  EXPECT_TRUE(C.NotCompared.empty());
}

TEST(Baseline, NewKernelsAreListedAsNotCompared) {
  auto Before = entries(report("memory", 0.5, 2e-6, 1e6));
  Json R = report("memory", 0.5, 2e-6, 1e6);
  R["kernels"][0]["name"] = "other";
  BaselineComparison Warn = compareToBaseline(Before, entries(R), 0.05);
  EXPECT_TRUE(Warn.Regressions.empty());
  ASSERT_EQ(Warn.NotCompared.size(), 1u);
  EXPECT_EQ(Warn.NotCompared[0].Id, "rl-baseline-new");
  EXPECT_EQ(Warn.NotCompared[0].Level, Severity::Warning);
  EXPECT_NE(Warn.NotCompared[0].Message.find("other on H100"),
            std::string::npos);
  EXPECT_EQ(compareToBaseline(Before, entries(R), 0.05, NewLaunchPolicy::Fail)
                .NotCompared[0]
                .Level,
            Severity::Error);
  EXPECT_TRUE(
      compareToBaseline(Before, entries(R), 0.05, NewLaunchPolicy::Ignore)
          .NotCompared.empty());
}

TEST(Baseline, OldBaselinesWithoutSitesMatchByLaunch) {
  auto Before = entries(report("memory", 0.5, 2e-6, 1e6));
  Before[0].Site.clear();
  auto Now = entries(report("memory", 0.1, 9e-6, 9e6));
  EXPECT_EQ(compareToBaseline(Before, Now, 0.05).Regressions.size(), 3u);
}

TEST(Baseline, OneSiteWithSeveralLaunchesKeepsThemApart) {
  Json R = report("memory", 0.5, 2e-6, 1e6);
  R["kernels"].push_back(R["kernels"][0]);
  R["kernels"][1]["launch"]["block"][0] = 128;
  auto E = entries(R);
  ASSERT_EQ(E.size(), 2u);
  EXPECT_NE(E[0].key(), E[1].key());
}

/// The report of `report()` with its verdict's limiters, longest first.
Json withLimiters(Json R, double Dram, double L2) {
  Json &V = R["kernels"][0]["verdicts"][0];
  V["limiters"] = Json::array();
  for (auto [Level, T] :
       {std::pair<const char *, double>{"dram", Dram}, {"l2", L2}})
    V["limiters"].push_back({{"level", Level}, {"time_s", T}});
  std::sort(V["limiters"].begin(), V["limiters"].end(),
            [](const Json &A, const Json &B) {
              return A["time_s"].get<double>() > B["time_s"].get<double>();
            });
  return R;
}

TEST(Baseline, AGrownTimeNamesTheLimiterThatGrew) {
  auto Before =
      entries(withLimiters(report("memory", 0.5, 2e-6, 1e6), 2e-6, 1e-6));
  ASSERT_EQ(Before[0].Limiters.size(), 2u);
  EXPECT_EQ(Before[0].Limiters[0].first, "dram");
  // The same DRAM time; L2 went from 1 to 3 us and now sets the time.
  auto Now = entries(withLimiters(report("l2", 0.5, 3e-6, 1e6), 2e-6, 3e-6));
  std::vector<Finding> F = compareToBaseline(Before, Now, 0.05).Regressions;
  ASSERT_FALSE(F.empty());
  EXPECT_NE(F.back().Message.find("predicted time grew from 2.00 us to 3.00 "
                                  "us (+50%, tolerance 5%); l2 1.00 us -> "
                                  "3.00 us"),
            std::string::npos)
      << F.back().Message;
}

TEST(Baseline, LimitersSurviveWritingAndLoading) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("baseline", "json", Path));
  auto E = entries(withLimiters(report("memory", 0.5, 2e-6, 1e6), 2e-6, 1e-6));
  std::string Error;
  ASSERT_TRUE(writeBaseline(Path.str().str(), E, "test", Error)) << Error;
  std::vector<BaselineEntry> Loaded;
  ASSERT_TRUE(loadBaseline(Path.str().str(), Loaded, Error)) << Error;
  llvm::sys::fs::remove(Path);
  ASSERT_EQ(Loaded.size(), 1u);
  ASSERT_EQ(Loaded[0].Limiters.size(), 2u);
  EXPECT_EQ(Loaded[0].Limiters[0].first, "dram");
  EXPECT_DOUBLE_EQ(Loaded[0].Limiters[1].second, 1e-6);
}

TEST(Baseline, FileKeysAreRelativeToTheBaseline) {
  EXPECT_EQ(baselineFileKey("/repo/src/k.cu", "/repo/base.json"), "src/k.cu");
  EXPECT_EQ(baselineFileKey("/elsewhere/k.cu", "/repo/base.json"),
            "/elsewhere/k.cu");
}

} // namespace
