//===- ArgumentEnvelopeTest.cpp - Launches over an argument not known -----===//
#include "analyzer/models/ArgumentEnvelope.h"
#include "ExprFixtures.h"
#include "ModelFixtures.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

using rla::fixtures::sym;

using rla::fixtures::h200;

/// Per thread: 1 FLOP, and 3 more and a second 4-byte load when the
/// argument's test (Flag) holds; one 4-byte store.
KernelModel modelWith(const Expr &Flag) {
  return fixtures::streamingModel(
      "render", Flag, {fixtures::param("frame", "int", KernelParam::Integer)});
}

/// Why the launch does not know `frame`.
Note passChanges() {
  return note(NoteId::HostNameChangesInLoop,
              {{"name", "pass"}, {"at", "app.cu:9"}});
}

LaunchSpec launch() {
  LaunchSpec L;
  L.Kernel = "render";
  L.Source = LaunchSource::LaunchSite;
  L.Grid = {Rational(1024), Rational(1), Rational(1)};
  L.Block = {Rational(256), Rational(1), Rational(1)};
  L.DynamicSmem = Rational(0);
  L.Notes = {note(NoteId::LaunchArgumentUnknown, {{"argument", "frame"}},
                  {passChanges()})};
  return L;
}

} // namespace

TEST(ArgumentEnvelopeTest, SaturationPointOfATestAgainstZero) {
  EXPECT_EQ(
      saturationPoint(modelWith(Expr::min(sym("frame"), Expr(1))), "frame"), 1);
  EXPECT_EQ(
      saturationPoint(modelWith(Expr::min(sym("frame"), Expr(3))), "frame"),
      4); // powers of two are tried: 4 is past 3
  EXPECT_EQ(saturationPoint(modelWith(sym("frame")), "frame"), std::nullopt);
  EXPECT_EQ(
      saturationPoint(modelWith(Expr::min(sym("frame"), Expr(1000))), "frame"),
      std::nullopt);
}

TEST(ArgumentEnvelopeTest, TotalsSpanEveryValueTheArgumentCanTake) {
  KernelModel M = modelWith(Expr::min(sym("frame"), Expr(1)));
  KernelReport K = bindLaunch(M, launch(), {}, {h200()});
  ASSERT_EQ(K.Unbound.count("frame"), 1u);
  envelopeUnknownArguments(K, M, {}, {h200()}, {}, nullptr, CacheState::Cold);
  EXPECT_TRUE(K.Unbound.empty());
  ASSERT_TRUE(K.Totals.has_value());
  BoundValue Flops = K.Totals->get(Metric::Flops);
  ASSERT_TRUE(Flops.has_value());
  EXPECT_DOUBLE_EQ(Flops->Low, 1024 * 256);
  EXPECT_DOUBLE_EQ(Flops->High, 4 * 1024 * 256);
  BoundValue Loads = K.Totals->get(Metric::GlobalLoadBytes);
  ASSERT_TRUE(Loads.has_value());
  EXPECT_DOUBLE_EQ(Loads->Low, 4 * 1024 * 256);
  EXPECT_DOUBLE_EQ(Loads->High, 8 * 1024 * 256);
  ASSERT_EQ(K.Verdicts.size(), 1u);
  EXPECT_GT(K.Verdicts[0].High.PredictedTime, 0);
  EXPECT_LE(K.Verdicts[0].Low.PredictedTime, K.Verdicts[0].High.PredictedTime);
  ASSERT_EQ(K.Model.RangeReasons.size(), 1u);
  EXPECT_EQ(K.Model.RangeReasons[0],
            note(NoteId::ArgumentSpanned,
                 {{"symbol", "frame"}, {"saturation", 1.0}, {"given", 1.0}},
                 {passChanges()}));
  EXPECT_TRUE(K.Launch.Args.count("frame") == 0); // still not known
}

TEST(ArgumentEnvelopeTest, AnArgumentThatScalesTheCostsStaysUnbound) {
  KernelModel M = modelWith(sym("frame"));
  KernelReport K = bindLaunch(M, launch(), {}, {h200()});
  envelopeUnknownArguments(K, M, {}, {h200()}, {}, nullptr, CacheState::Cold);
  EXPECT_EQ(K.Unbound.count("frame"), 1u);
  EXPECT_FALSE(K.Totals.has_value());
}

TEST(ArgumentEnvelopeTest, AnUnknownLaunchDimensionStaysUnbound) {
  KernelModel M = modelWith(Expr::min(sym("frame"), Expr(1)));
  LaunchSpec L = launch();
  L.Grid[0].reset();
  KernelReport K = bindLaunch(M, L, {}, {h200()});
  envelopeUnknownArguments(K, M, {}, {h200()}, {}, nullptr, CacheState::Cold);
  EXPECT_EQ(K.Unbound.count("gridDim.x"), 1u);
  EXPECT_FALSE(K.Totals.has_value());
}

// Only the launch's note on that argument gives the reason: another
// argument's, or the contexts' range of it, does not.
TEST(ArgumentEnvelopeTest, TheReasonComesFromTheArgumentsOwnNote) {
  KernelModel M = modelWith(Expr::min(sym("frame"), Expr(1)));
  LaunchSpec L = launch();
  L.Notes = {note(NoteId::LaunchArgumentUnknown, {{"argument", "frames"}},
                  {passChanges()}),
             note(NoteId::ContextsVary, {{"argument", "frame"},
                                         {"low", "0"},
                                         {"high", "9"},
                                         {"contexts", 10.0}})};
  KernelReport K = bindLaunch(M, L, {}, {h200()});
  envelopeUnknownArguments(K, M, {}, {h200()}, {}, nullptr, CacheState::Cold);
  ASSERT_EQ(K.Model.RangeReasons.size(), 1u);
  EXPECT_EQ(K.Model.RangeReasons[0],
            note(NoteId::ArgumentSpanned,
                 {{"symbol", "frame"}, {"saturation", 1.0}}));
}
