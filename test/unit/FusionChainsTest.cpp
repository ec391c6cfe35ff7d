//===- FusionChainsTest.cpp - Kernels passing buffers through DRAM --------===//
#include "analyzer/models/FusionChains.h"
#include "analyzer/report/FindingText.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

/// A launch-site kernel reading In and writing Out, n floats each.
KernelReport elementwise(const std::string &Name, const std::string &In,
                         const std::string &Out, unsigned Line) {
  const double Bytes = 4.0 * 1024;
  KernelReport K;
  K.Model.Name = Name;
  K.Model.Params = {{"in", "const float *", KernelParam::Pointer, 4},
                    {"out", "float *", KernelParam::Pointer, 4}};
  K.Launch.Source = LaunchSource::LaunchSite;
  K.Launch.HostFunction = "run";
  K.Launch.Site = {"f.cu", Line, 3};
  K.Launch.PointerArgs = {{"in", In}, {"out", Out}};
  MemoryEstimate M;
  M.Available = true;
  ArrayTraffic R, W;
  R.Name = "in";
  R.ReadBytes = Bytes;
  R.FootprintBytes = Bytes;
  W.Name = "out";
  W.WriteBytes = Bytes;
  W.FootprintBytes = Bytes;
  M.Arrays = {R, W};
  K.Memory = M;
  BoundTotals T;
  T.set(Metric::DramBytes, {2 * Bytes, 2 * Bytes});
  K.Totals = T;
  return K;
}

} // namespace

TEST(FusionChainsTest, ThreeStepChainMovesThreeTimesTheFusedBytes) {
  std::vector<KernelReport> K = {
      elementwise("scale", "x", "t1", 10), elementwise("bias", "t1", "t2", 11),
      elementwise("relu", "t2", "d", 12), elementwise("other", "x", "e", 13)};
  auto Chains = findFusionChains(K);
  ASSERT_EQ(Chains.size(), 1u);
  EXPECT_EQ(Chains[0].Kernels, (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(Chains[0].ChainBytes, 3 * 8192);
  EXPECT_EQ(Chains[0].FusedBytes, 8192); // read x, write d
  EXPECT_EQ(Chains[0].Elements, 1024);
  auto F = fusionFindings(K);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Id, "rl-fusion");
  EXPECT_NE(findingText(F[0]).find("24.0 vs 8.0 B per element"),
            std::string::npos);
}

TEST(FusionChainsTest, IndependentLaunchesAreNoChain) {
  std::vector<KernelReport> K = {elementwise("a", "x", "y", 10),
                                 elementwise("b", "x", "z", 11)};
  EXPECT_TRUE(findFusionChains(K).empty());
  // Different host functions never chain.
  K[1] = elementwise("b", "y", "z", 11);
  K[1].Launch.HostFunction = "other";
  EXPECT_TRUE(findFusionChains(K).empty());
}
