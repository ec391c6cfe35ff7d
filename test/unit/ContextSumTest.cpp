//===- ContextSumTest.cpp - A merged entry's launches, summed -------------===//
#include "analyzer/models/ContextSum.h"
#include "ModelFixtures.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace rla;

namespace {

using fixtures::databaseGpu;

using rla::fixtures::h200;

/// x[i] *= 2 for every thread of a 1D launch: 1 FLOP, 4 bytes loaded and 4
/// stored per thread.
KernelModel scaleModel() { return fixtures::streamingModel("scale", Expr(0)); }

LaunchSpec launchOf(int64_t Blocks, int64_t Count) {
  LaunchSpec L;
  L.Kernel = "scale";
  L.Source = LaunchSource::LaunchSite;
  L.Grid = {Rational(Blocks), Rational(1), Rational(1)};
  L.Block = {Rational(256), Rational(1), Rational(1)};
  L.DynamicSmem = Rational(0);
  CallFrame Main;
  Main.Function = "main";
  L.CallChain = {Main};
  L.LaunchCount = Rational(Count);
  return L;
}

/// The merged entry of contexts: the grid varies, the count is the sum.
KernelReport mergedEntry(const std::vector<LaunchSpec> &Contexts) {
  LaunchSpec Merged = Contexts.front();
  Merged.Grid[0].reset();
  Merged.LaunchCount = Rational(0);
  for (const LaunchSpec &C : Contexts)
    Merged.LaunchCount = *Merged.LaunchCount + *C.LaunchCount;
  Merged.Contexts = Contexts;
  return bindLaunch(scaleModel(), Merged, {}, {h200()});
}

} // namespace

TEST(ContextSumTest, EachContextIsBoundAndWeighedByItsCount) {
  std::vector<LaunchSpec> Contexts = {launchOf(1, 1), launchOf(2, 1),
                                      launchOf(4, 10)};
  KernelReport K = mergedEntry(Contexts);
  ASSERT_FALSE(K.Totals.has_value()); // the merged grid is not known
  sumContexts(K, scaleModel(), {}, {h200()}, {}, nullptr, CacheState::Cold);
  ASSERT_TRUE(K.Sum.has_value());
  EXPECT_TRUE(K.Sum->complete());
  EXPECT_EQ(K.Sum->Contexts, 3u);
  EXPECT_DOUBLE_EQ(K.Sum->Launches, 12);
  // 256 threads per block: (1 + 2 + 10 * 4) blocks of 1 FLOP per thread.
  EXPECT_DOUBLE_EQ(K.Sum->Flops.Low, 43 * 256);
  EXPECT_DOUBLE_EQ(K.Sum->Flops.High, 43 * 256);
  // Compulsory traffic at least: 8 bytes per thread.
  EXPECT_GE(K.Sum->DramBytes.Low, 43 * 256 * 8);
  ASSERT_EQ(K.Sum->Time.size(), 1u);
  EXPECT_GT(K.Sum->Time[0].High, 0);
  // The total is at least the count times the fastest launch.
  EXPECT_GE(K.Sum->Time[0].High, 12 * K.Sum->LaunchTime[0].Low);
  EXPECT_LE(K.Sum->LaunchTime[0].Low, K.Sum->LaunchTime[0].High);
  // The merged entry's unbound grid is no longer something to bind.
  auto Unbound =
      std::find_if(K.Findings.begin(), K.Findings.end(),
                   [](const Finding &F) { return F.Id == "rl-unbound"; });
  ASSERT_NE(Unbound, K.Findings.end());
  EXPECT_EQ(std::get<double>(Unbound->Data.at("summed_contexts")), 3.0);
}

TEST(ContextSumTest, AContextTheProgramDoesNotRunAddsNothing) {
  KernelReport K = mergedEntry({launchOf(2, 1), launchOf(8, 0)});
  sumContexts(K, scaleModel(), {}, {h200()}, {}, nullptr, CacheState::Cold);
  ASSERT_TRUE(K.Sum.has_value());
  EXPECT_EQ(K.Sum->Contexts, 1u);
  EXPECT_DOUBLE_EQ(K.Sum->Flops.Low, 2 * 256);
}

TEST(ContextSumTest, AnUnboundContextLeavesNoSum) {
  std::vector<LaunchSpec> Contexts = {launchOf(2, 1), launchOf(2, 1)};
  Contexts[1].Grid[0].reset();
  Contexts[1].Notes = {
      note(NoteId::LaunchDimUnknown, {{"dim", "grid.x"}},
           {note(NoteId::HostNameIsParameter, {{"name", "n"}})})};
  KernelReport K = mergedEntry(Contexts);
  sumContexts(K, scaleModel(), {}, {h200()}, {}, nullptr, CacheState::Cold);
  ASSERT_TRUE(K.Sum.has_value());
  EXPECT_FALSE(K.Sum->complete());
  EXPECT_EQ(K.Sum->Unbound, 1u);
  EXPECT_EQ(K.Sum->Why, Contexts[1].Notes.front());
}

TEST(ContextSumTest, AContextWithoutACountLeavesNoSum) {
  std::vector<LaunchSpec> Contexts = {launchOf(2, 1), launchOf(2, 1)};
  Contexts[0].LaunchCount.reset();
  KernelReport K = mergedEntry({launchOf(2, 1), launchOf(2, 1)});
  K.Launch.Contexts = Contexts;
  sumContexts(K, scaleModel(), {}, {h200()}, {}, nullptr, CacheState::Cold);
  ASSERT_TRUE(K.Sum.has_value());
  EXPECT_FALSE(K.Sum->complete());
  EXPECT_EQ(K.Sum->Why, note(NoteId::LaunchCountUnknown));
}

TEST(ContextSumTest, ASingleLaunchHasNoSum) {
  KernelReport K = bindLaunch(scaleModel(), launchOf(4, 1), {}, {h200()});
  sumContexts(K, scaleModel(), {}, {h200()}, {}, nullptr, CacheState::Cold);
  EXPECT_FALSE(K.Sum.has_value());
}
