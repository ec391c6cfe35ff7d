//===- JsonRendererTest.cpp -----------------------------------------------===//
#include "analyzer/report/JsonRenderer.h"

#include "ReportFixtures.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace rla;
using nlohmann::json;

namespace {

class JsonRendererTest : public ::testing::Test {
protected:
  GpuSpec L40S = fixtures::l40s();
  GpuSpec H100 = fixtures::h100();

  json render(const Report &R) { return json::parse(renderJson(R)); }
};

TEST_F(JsonRendererTest, TopLevelAndGpus) {
  json J = render(fixtures::boundSaxpy(L40S, H100));
  EXPECT_EQ(J["tool"], "rl-analyze");
  EXPECT_EQ(J["version"], "0.1.0");
  EXPECT_EQ(J["input"], "saxpy.cu");
  EXPECT_EQ(J["gpu"]["name"], "L40S");
  EXPECT_EQ(J["gpu"]["full_name"], "NVIDIA L40S");
  EXPECT_EQ(J["gpu"]["compute_capability"], "8.9");
  EXPECT_TRUE(J["gpu"]["peak_flops"]["fp32"].is_number_integer());
  EXPECT_DOUBLE_EQ(J["gpu"]["peak_flops"]["fp32"].get<double>(), 91.6e12);
  EXPECT_TRUE(J["gpu"]["peak_flops"]["fp64"].is_null());
  EXPECT_EQ(J["gpu"]["dram_bandwidth"], 864000000000);
  EXPECT_EQ(J["gpu"]["l2_bytes"], 100663296);
  ASSERT_EQ(J["gpus"].size(), 2u);
  EXPECT_EQ(J["gpus"][1]["name"], "H100 SXM");
  EXPECT_TRUE(J["gpus"][1]["l2_bytes"].is_null());
  EXPECT_TRUE(J["diagnostics"].is_array());
}

TEST_F(JsonRendererTest, KeysInDocumentedOrder) {
  auto J = nlohmann::ordered_json::parse(
      renderJson(fixtures::boundSaxpy(L40S, H100)));
  std::vector<std::string> Top;
  for (auto It = J.begin(); It != J.end(); ++It)
    Top.push_back(It.key());
  EXPECT_EQ(Top, (std::vector<std::string>{"tool", "version", "input", "checks",
                                           "gpu", "gpus", "kernels", "program",
                                           "not_analysed", "diagnostics",
                                           "suppressed"}));
  std::vector<std::string> Kernel;
  for (auto It = J["kernels"][0].begin(); It != J["kernels"][0].end(); ++It)
    Kernel.push_back(It.key());
  EXPECT_EQ(Kernel.front(), "name");
  EXPECT_EQ(Kernel.back(), "diagnostics");
}

TEST_F(JsonRendererTest, NotAnalysedKernelsAreListed) {
  Report R = fixtures::boundSaxpy(L40S, H100);
  R.NotAnalysed.push_back({"broken", SourceLoc{"saxpy.cu", 30, 17},
                           "kernel 'broken' is not analysed: ..."});
  json N = render(R)["not_analysed"];
  ASSERT_EQ(N.size(), 1u);
  EXPECT_EQ(N[0]["name"], "broken");
  EXPECT_EQ(N[0]["location"]["line"], 30);
  EXPECT_EQ(N[0]["reason"], "kernel 'broken' is not analysed: ...");
  EXPECT_EQ(render(fixtures::boundSaxpy(L40S, H100))["kernels"][0]["archs"],
            json::array());
}

TEST_F(JsonRendererTest, BoundKernel) {
  json K = render(fixtures::boundSaxpy(L40S, H100))["kernels"][0];
  EXPECT_EQ(K["name"], "saxpy");
  EXPECT_EQ(K["mangled_name"], "_Z5saxpyifPKfPf");
  EXPECT_TRUE(K["case"].is_null());
  EXPECT_EQ(K["location"],
            json({{"file", "saxpy.cu"}, {"line", 12}, {"column", 17}}));

  const json &L = K["launch"];
  EXPECT_EQ(L["grid"], json({65536, 1, 1}));
  EXPECT_EQ(L["block"], json({256, 1, 1}));
  EXPECT_EQ(L["dynamic_smem"], 0);
  EXPECT_EQ(L["args"]["n"], 16777216);
  EXPECT_TRUE(L["args"]["a"].is_number_float());
  EXPECT_DOUBLE_EQ(L["args"]["a"].get<double>(), 2.5);
  EXPECT_EQ(L["source"], "launch-site");
  EXPECT_EQ(L["site"]["line"], 40);

  EXPECT_EQ(K["per_thread"]["flops"], "2");
  EXPECT_EQ(K["formulas"]["flops"], "2*min(n, blockDim.x*gridDim.x)");

  const json &T = K["totals"];
  EXPECT_TRUE(T["flops"].is_number_integer());
  EXPECT_EQ(T["flops"], 33554432);
  EXPECT_EQ(T["flops_by_precision"]["fp32"], 33554432);
  EXPECT_EQ(T["flops_by_precision"]["fp64"], 0);
  EXPECT_EQ(T["global_load_bytes"], 134217728);
  EXPECT_EQ(T["global_store_bytes"], 67108864);
  EXPECT_EQ(T["dram_bytes"], 201326592);
  EXPECT_TRUE(T["footprint_bytes"].is_null());
  EXPECT_TRUE(T["l2_bytes"].is_null());
  EXPECT_TRUE(K["unbound"].empty());

  EXPECT_NEAR(K["intensity"]["dram"].get<double>(), 1.0 / 6, 1e-12);
  EXPECT_TRUE(K["intensity"]["l2"].is_null());
  EXPECT_EQ(K["bound"], "dram");
  EXPECT_NEAR(K["ridge_point"].get<double>(), 106.0, 0.1);
  EXPECT_NEAR(K["attainable_flops"].get<double>(), 144e9, 1e6);
  EXPECT_NEAR(K["compute_time_s"].get<double>(), 366.3e-9, 0.1e-9);
  EXPECT_NEAR(K["predicted_time_s"].get<double>(), 233.0e-6, 0.1e-6);
  EXPECT_EQ(K["predicted_time_s"], K["memory_time_s"]);

  ASSERT_EQ(K["verdicts"].size(), 2u);
  EXPECT_EQ(K["verdicts"][0]["gpu"], "L40S");
  EXPECT_EQ(K["verdicts"][0]["precision"], "fp32");
  EXPECT_EQ(K["verdicts"][0]["predicted_time_s"], K["predicted_time_s"]);
  EXPECT_EQ(K["verdicts"][1]["gpu"], "H100 SXM");
  EXPECT_NEAR(K["verdicts"][1]["ridge_point"].get<double>(), 20.0, 0.01);

  EXPECT_TRUE(K["occupancy"].is_null());
  // The model's assumption and the report's are merged, each once.
  EXPECT_EQ(K["assumptions"],
            json({"size parameters are >= 0", "every load misses L2"}));
  ASSERT_EQ(K["diagnostics"].size(), 1u);
  EXPECT_EQ(K["diagnostics"][0]["id"], "rl-example");
  EXPECT_EQ(K["diagnostics"][0]["severity"], "warning");
  EXPECT_EQ(K["diagnostics"][0]["line"], 14);
  EXPECT_EQ(K["diagnostics"][0]["column"], 5);
}

TEST_F(JsonRendererTest, UnboundKernelIsNullNotZero) {
  Report R;
  R.Gpus = {&L40S};
  R.Kernels.push_back(fixtures::unboundSaxpy(L40S));
  json K = render(R)["kernels"][0];
  EXPECT_EQ(K["launch"]["source"], "none");
  EXPECT_EQ(K["launch"]["grid"], json({nullptr, nullptr, nullptr}));
  EXPECT_TRUE(K["launch"]["dynamic_smem"].is_null());
  EXPECT_TRUE(K["launch"]["site"].is_null());
  EXPECT_TRUE(K["totals"]["flops"].is_null());
  EXPECT_TRUE(K["totals"]["flops_by_precision"]["fp32"].is_null());
  EXPECT_TRUE(K["totals"]["dram_bytes"].is_null());
  EXPECT_EQ(K["formulas"]["flops"], "2*min(n, blockDim.x*gridDim.x)");
  EXPECT_EQ(K["unbound"], json({"blockDim.x", "gridDim.x", "n"}));
  EXPECT_TRUE(K["intensity"]["dram"].is_null());
  EXPECT_EQ(K["bound"], "unknown");
  EXPECT_TRUE(K["predicted_time_s"].is_null());
  EXPECT_TRUE(K["ridge_point"].is_null());
  EXPECT_TRUE(K["verdicts"][0]["compute_time_s"].is_null());
}

TEST_F(JsonRendererTest, RangesAreLowHighObjects) {
  Report R;
  R.Gpus = {&L40S};
  R.Kernels.push_back(fixtures::rangeFilter(L40S));
  json K = render(R)["kernels"][0];
  EXPECT_EQ(K["case"], "filter_big");
  EXPECT_EQ(K["launch"]["source"], "launch-file");
  EXPECT_EQ(K["formulas"]["flops"], json({{"low", "n"}, {"high", "4*n"}}));
  EXPECT_EQ(K["per_thread"]["flops"], json({{"low", "1"}, {"high", "4"}}));
  EXPECT_EQ(K["totals"]["flops"],
            json({{"low", 16777216}, {"high", 67108864}}));
  EXPECT_EQ(K["totals"]["global_load_bytes"], 67108864);
  EXPECT_EQ(K["totals"]["global_store_bytes"]["low"], 0);
  // Low .. high in order even where the low end's value is the larger.
  EXPECT_DOUBLE_EQ(K["intensity"]["dram"]["low"].get<double>(), 0.25);
  EXPECT_DOUBLE_EQ(K["intensity"]["dram"]["high"].get<double>(), 0.5);
  EXPECT_TRUE(K["ridge_point"].is_number());
  EXPECT_TRUE(K["predicted_time_s"].is_object());
  EXPECT_LT(K["predicted_time_s"]["low"].get<double>(),
            K["predicted_time_s"]["high"].get<double>());
  EXPECT_EQ(K["range_reasons"].size(), 1u);
}

TEST_F(JsonRendererTest, NumbersBeyondTwoTo53AreDoubles) {
  Report R = fixtures::boundSaxpy(L40S, H100);
  R.Kernels[0].Totals->set(Metric::Flops, {1e17, 1e17});
  R.Kernels[0].Totals->set(Metric::SfuOps, {0.5, 0.5});
  json T = render(R)["kernels"][0]["totals"];
  EXPECT_TRUE(T["flops"].is_number_float());
  EXPECT_DOUBLE_EQ(T["flops"].get<double>(), 1e17);
  EXPECT_TRUE(T["sfu_ops"].is_number_float());
}

TEST_F(JsonRendererTest, NoGpusAndFileFindings) {
  Report R;
  R.InputFile = "empty.cu";
  R.Findings = {{"rl-no-kernels",
                 Severity::Warning,
                 "no __global__ kernels",
                 {"empty.cu", 0, 0}}};
  json J = render(R);
  EXPECT_TRUE(J["gpu"].is_null());
  EXPECT_TRUE(J["gpus"].empty());
  EXPECT_TRUE(J["kernels"].empty());
  ASSERT_EQ(J["diagnostics"].size(), 1u);
  EXPECT_EQ(J["diagnostics"][0]["id"], "rl-no-kernels");
  EXPECT_EQ(J["diagnostics"][0]["file"], "empty.cu");
  EXPECT_TRUE(J["diagnostics"][0]["line"].is_null());
}

} // namespace
