//===- SharedAccessWidthsTest.cpp - Shared accesses as nvcc compiled them -===//
#include "analyzer/models/SharedAccessWidths.h"
#include "AccessSiteFixtures.h"

#include <gtest/gtest.h>

using namespace rla;
using rla::fixtures::alongLoop;

namespace {

SassInstruction at(const std::string &Opcode, unsigned Line) {
  SassInstruction I;
  I.Opcode = Opcode;
  I.Origins.push_back({"/src/gemm.cu", Line});
  return I;
}

AccessSite sharedLoad(unsigned Line) {
  AccessSite S;
  S.Shared = true;
  S.Bytes = 4;
  S.File = "gemm.cu";
  S.Line = Line;
  return S;
}

} // namespace

TEST(SharedAccessWidths, LinesCollectTheirWidths) {
  SassFunction F;
  F.Instructions = {at("LDS.128", 12), at("LDS.128", 12), at("LDS", 12),
                    at("STS.64", 9),   at("LDS.U8", 3),   at("FFMA", 12)};
  SharedWidthsByLine W = sharedWidthsByLine(F);
  const SharedWidths &L12 = W.at({"gemm.cu", 12});
  EXPECT_EQ(L12.LoadBytes.at(16), 32u);
  EXPECT_EQ(L12.LoadBytes.at(4), 4u);
  EXPECT_EQ(W.at({"gemm.cu", 9}).StoreBytes.at(8), 8u);
  EXPECT_EQ(W.at({"gemm.cu", 3}).LoadBytes.at(1), 1u);
}

TEST(SharedAccessWidths, AllWideLineMergesEverySite) {
  SassFunction F;
  F.Instructions = {at("LDS.128", 12), at("LDS.128", 12)};
  AccessSite S = sharedLoad(12);
  std::vector<AffineAccess> Sites = {alongLoop(S, 32, 8)}; // not contiguous
  CompiledWidth W = compiledSharedWidth(sharedWidthsByLine(F), Sites[0], Sites);
  EXPECT_EQ(W.Width, 16u);
  EXPECT_DOUBLE_EQ(W.Share, 1);
}

TEST(SharedAccessWidths, MixedLineMergesOnlyContiguousSites) {
  // gemm's `As[r * 32 + k] * Bs[k * 32 + c]`: As contiguous along k, Bs
  // 128 bytes apart; 8 LDS.128 and 32 LDS on the line.
  SassFunction F;
  for (int I = 0; I < 8; ++I)
    F.Instructions.push_back(at("LDS.128", 20));
  for (int I = 0; I < 32; ++I)
    F.Instructions.push_back(at("LDS", 20));
  AccessSite As = sharedLoad(20), Bs = sharedLoad(20);
  std::vector<AffineAccess> Sites = {alongLoop(As, 4, 32),
                                     alongLoop(Bs, 128, 32)};
  SharedWidthsByLine W = sharedWidthsByLine(F);
  CompiledWidth A = compiledSharedWidth(W, Sites[0], Sites);
  EXPECT_EQ(A.Width, 16u);
  EXPECT_DOUBLE_EQ(A.Share, 1);
  EXPECT_EQ(compiledSharedWidth(W, Sites[1], Sites).Width, 0u);
}

TEST(SharedAccessWidths, PartlyMergedSiteGetsTheWideShare) {
  // One LDS.128 beside 12 LDS for one contiguous site: a quarter of its
  // bytes went wide.
  SassFunction F;
  F.Instructions.push_back(at("LDS.128", 7));
  for (int I = 0; I < 12; ++I)
    F.Instructions.push_back(at("LDS", 7));
  AccessSite S = sharedLoad(7);
  std::vector<AffineAccess> Sites = {alongLoop(S, 4, 16)};
  CompiledWidth W = compiledSharedWidth(sharedWidthsByLine(F), Sites[0], Sites);
  EXPECT_EQ(W.Width, 16u);
  EXPECT_DOUBLE_EQ(W.Share, 0.25);
}

TEST(SharedAccessWidths, NoWiderInstructionKeepsTheSource) {
  SassFunction F;
  F.Instructions = {at("LDS", 5), at("STS.128", 5)};
  AccessSite S = sharedLoad(5);
  std::vector<AffineAccess> Sites = {alongLoop(S, 4, 16)};
  EXPECT_EQ(compiledSharedWidth(sharedWidthsByLine(F), Sites[0], Sites).Width,
            0u);
  // No instruction on the line at all.
  AccessSite Other = sharedLoad(6);
  std::vector<AffineAccess> OtherSites = {alongLoop(Other, 4, 16)};
  EXPECT_EQ(
      compiledSharedWidth(sharedWidthsByLine(F), OtherSites[0], OtherSites)
          .Width,
      0u);
}
