//===- FindingTextTest.cpp - Model findings worded by the report ---------===//
#include "analyzer/report/FindingText.h"
#include "analyzer/report/NoteText.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

Finding uncoalescedLoad() {
  return dataFinding("rl-uncoalesced", Severity::Warning, {"k.cu", 3, 7},
                     {{"access", "load"},
                      {"array", "x"},
                      {"sectors_per_request", 32.0},
                      {"requested_bytes", 128.0},
                      {"efficiency", 0.125},
                      {"lane_stride_bytes", 32.0}});
}

} // namespace

TEST(FindingText, WordsAModelFindingFromItsData) {
  EXPECT_EQ(findingText(uncoalescedLoad()),
            "uncoalesced global load of 'x': 32.0 sectors per warp request "
            "for 128 requested bytes (efficiency 12.5%; lanes 32 bytes apart)");
}

TEST(FindingText, OwnTextWins) {
  Finding F{"rl-frontend-error", Severity::Error, "expected ';'", {}};
  EXPECT_EQ(findingText(F), "expected ';'");
}

TEST(FindingText, WordsANoteGivenAsTheFindingsWords) {
  Finding F{"rl-inline-asm", Severity::Warning, "", {"k.cu", 4, 3}};
  F.Words = note(NoteId::InlineAsmUncounted, {},
                 {note(NoteId::PtxSizeNotRead, {{"mnemonic", "cp.async"}})});
  EXPECT_EQ(findingText(F), "inline assembly: the size operand of 'cp.async' "
                            "is not read; its costs are not counted");
}

TEST(FindingText, WordsAnUnknownTripCountWithItsNestedReason) {
  Finding F{"rl-unknown-trip-count", Severity::Remark, "", {"k.cu", 9, 3}};
  F.Words = note(NoteId::UnknownTripCount, {{"symbol", "trips_L9"}},
                 {note(NoteId::TripNoConjunctCounted, {},
                       {note(NoteId::TripBoundUnknown)})});
  EXPECT_EQ(findingText(F),
            "trip count of this loop is not derived (no part of its && "
            "condition is counted: its bound is not known from parameters "
            "and indices); its iterations per thread are the symbol "
            "'trips_L9': bind it with --bind trips_L9=N");
}

TEST(FindingText, WordsABranchReasonFromTheGuardsPart) {
  // The guard's part is quoted; a part without source text is "a condition".
  Note Part = note(NoteId::BranchNotExact, {{"at", "k.cu:5:3"},
                                            {"part_given", 1.0},
                                            {"part", "x[i] > 0"},
                                            {"data_dependent", 1.0}});
  EXPECT_EQ(noteText(Part), "branch at k.cu:5:3 on `x[i] > 0` depends on data");
  Part.Data["part"] = std::string();
  Part.Data["conditional"] = 1.0;
  EXPECT_EQ(
      noteText(Part),
      "conditional expression at k.cu:5:3 on a condition depends on data");
}

TEST(FindingText, OneIdTwoShapes) {
  // rl-undefined: over the term budget, or a division by zero.
  Finding Budget = dataFinding("rl-undefined", Severity::Warning, {},
                               {{"metric", "flops"},
                                {"formula", "sum(i, 1, n, i^2)"},
                                {"term_budget", 1000000.0}});
  EXPECT_NE(findingText(Budget).find("more than 1000000 terms"),
            std::string::npos);
  Finding Division = dataFinding("rl-undefined", Severity::Warning, {},
                                 {{"metric", "flops"}, {"formula", "n/(m-m)"}});
  EXPECT_EQ(findingText(Division),
            "'flops' is undefined for this launch (n/(m-m): a division by "
            "zero, or a loop too long to sum term by term)");
}

TEST(FindingText, UnknownIdStillSaysWhat) {
  Finding F = dataFinding("rl-new-check", Severity::Note, {},
                          {{"array", "y"}, {"bytes", 4096.0}});
  EXPECT_EQ(findingText(F), "rl-new-check: array=y, bytes=4096");
}

TEST(FindingText, WordFindingsFillsOnlyEmptyMessages) {
  std::vector<Finding> List = {
      uncoalescedLoad(), {"rl-frontend-error", Severity::Error, "kept", {}}};
  wordFindings(List);
  EXPECT_EQ(List[0].Message.rfind("uncoalesced global load of 'x'", 0), 0u);
  EXPECT_EQ(List[1].Message, "kept");
}

TEST(FindingText, UnboundSymbolsOfSummedContextsAreNotAskedFor) {
  Finding Plain = dataFinding("rl-unbound", Severity::Note, {},
                              {{"kernel", "needle"}, {"symbols", "gridDim.x"}});
  EXPECT_EQ(findingText(Plain),
            "'needle' has unbound symbols: gridDim.x; bind them with --launch "
            "'needle:grid=...,block=...' and --bind NAME=VALUE");
  Finding Summed = Plain;
  Summed.Data["summed_contexts"] = 128.0;
  EXPECT_EQ(findingText(Summed),
            "'needle' has values that vary over its 128 calling contexts "
            "(gridDim.x): each context is bound and their sum is given (\"in "
            "all\"; context_sum in JSON); --launch 'needle:grid=...,block=...' "
            "binds one of them");
}
