//===- RooflineCeilingsTest.cpp - Every roof of a GPU, in panels ----------===//
#include "analyzer/report/RooflineCeilings.h"
#include "analyzer/report/RooflineSvg.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

GpuSpec tensorGpu() {
  GpuSpec G;
  G.Name = "Test";
  G.PeakFlops[static_cast<unsigned>(Precision::FP32)] = SourcedValue{10e12, ""};
  G.PeakFlops[static_cast<unsigned>(Precision::FP16)] = SourcedValue{20e12, ""};
  G.PeakFlops[static_cast<unsigned>(Precision::BF16)] = SourcedValue{20e12, ""};
  G.TensorFlops = {{"bf16", SourcedValue{100e12, ""}},
                   {"fp64", SourcedValue{10e12, ""}}};
  G.DramBandwidth = SourcedValue{1e12, ""};
  G.L2Bandwidth = SourcedValue{4e12, ""};
  return G;
}

TEST(RooflineCeilings, EveryPeakHighestFirstEqualValuesShareALine) {
  std::vector<RoofCeiling> C = computeCeilings(tensorGpu());
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0].Label, "tensor bf16 100 TFLOP/s");
  EXPECT_EQ(C[1].Label, "fp16, bf16 20.0 TFLOP/s");
  EXPECT_EQ(C[2].Label, "fp32, tensor fp64 10.0 TFLOP/s");
  EXPECT_DOUBLE_EQ(C[2].Value, 10e12);
}

TEST(RooflineCeilings, MemoryLevelsWithABandwidth) {
  std::vector<RoofCeiling> M = memoryCeilings(tensorGpu());
  ASSERT_EQ(M.size(), 2u); // no L1 bandwidth
  EXPECT_EQ(M[0].Label, "L2 4.00 TB/s");
  EXPECT_EQ(M[1].Label, "DRAM 1.00 TB/s");
}

TEST(RooflineSvg, OnePanelPerPlot) {
  RooflinePlot A, B;
  A.Title = "first";
  B.Title = "second";
  A.Compute = B.Compute = computeCeilings(tensorGpu());
  A.Memory = B.Memory = memoryCeilings(tensorGpu());
  std::string S = renderRooflineSvg(std::vector<RooflinePlot>{A, B});
  // Side by side, the document fitting 1200 x 800.
  EXPECT_NE(S.find("width=\"1200\" height=\"400\" viewBox=\"0 0 1800 600\""),
            std::string::npos);
  EXPECT_NE(S.find("translate(900,0)"), std::string::npos);
  size_t Panels = 0;
  for (size_t At = S.find("class=\"panel\""); At != std::string::npos;
       At = S.find("class=\"panel\"", At + 1))
    ++Panels;
  EXPECT_EQ(Panels, 2u);
  EXPECT_NE(S.find(">first<"), std::string::npos);
  EXPECT_NE(S.find(">second<"), std::string::npos);
}

} // namespace
