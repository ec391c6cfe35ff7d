//===- PtxasOutputParserTest.cpp - ptxas -v outputs, captured and variant -===//
#include "analyzer/resources/PtxasOutputParser.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace rla;

namespace {

std::string input(const std::string &Name) {
  std::ifstream In(std::string(RLA_UNIT_INPUTS_DIR) + "/ptxas/" + Name);
  EXPECT_TRUE(In.good()) << Name;
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

const char *const TileFloat = "_Z4tileIfLi256EEvPKT_PS0_";
const char *const TileDouble = "_Z4tileIdLi128EEvPKT_PS0_";
const char *const Spill = "_Z5spillPKfPfi";

TEST(PtxasOutputParser, Nvcc13Sm90aEveryEntry) {
  PtxasReport R = parsePtxasOutput(input("nvcc13-sm_90a.txt"));
  EXPECT_TRUE(R.Unparsed.empty());
  unsigned Entries = 0;
  for (const PtxasFunction &F : R.Functions)
    Entries += F.IsEntry;
  EXPECT_EQ(Entries, 5u);

  const PtxasFunction *Dyn = R.findEntry("_Z3dynPf", "sm_90a");
  ASSERT_NE(Dyn, nullptr);
  EXPECT_EQ(Dyn->Registers, 10u);
  EXPECT_EQ(Dyn->Barriers, 1u);
  EXPECT_EQ(Dyn->StaticSmemBytes, 0u); // dynamic shared memory is not printed
  EXPECT_TRUE(Dyn->ConstantBankBytes.empty()); // sm_90 prints no cmem here

  const PtxasFunction *S = R.findEntry(Spill, "sm_90a");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Registers, 32u);
  EXPECT_EQ(S->StackFrameBytes, 488u);
  EXPECT_EQ(S->SpillStoreBytes, 1052u);
  EXPECT_EQ(S->SpillLoadBytes, 1204u);
  EXPECT_EQ(S->CumulativeStackBytes, 488u);

  const PtxasFunction *T = R.findEntry(TileFloat, "sm_90a");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(T->Registers, 14u);
  EXPECT_EQ(T->StaticSmemBytes, 1024u);

  const PtxasFunction *C = R.findEntry("plain_c");
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(C->Registers, 8u);
  EXPECT_EQ(C->Barriers, 0u);
}

TEST(PtxasOutputParser, DeviceFunctionIsNotAnEntry) {
  PtxasReport R = parsePtxasOutput(input("nvcc13-sm_90a.txt"));
  const PtxasFunction *Helper = nullptr;
  for (const PtxasFunction &F : R.Functions)
    if (F.MangledName == "_Z6helperf")
      Helper = &F;
  ASSERT_NE(Helper, nullptr);
  EXPECT_FALSE(Helper->IsEntry);
  EXPECT_FALSE(Helper->HasUsage);
  EXPECT_EQ(R.findEntry("_Z6helperf"), nullptr);
  // The "Used" line after the helper's properties is not the helper's.
  EXPECT_EQ(R.findEntry(TileDouble)->Registers, 14u);
}

TEST(PtxasOutputParser, Nvcc13ConstantBanksOnSm8x) {
  for (const char *File : {"nvcc13-sm_80.txt", "nvcc13-sm_89.txt"}) {
    PtxasReport R = parsePtxasOutput(input(File));
    EXPECT_TRUE(R.Unparsed.empty()) << File;
    const PtxasFunction *T = R.findEntry(TileDouble);
    ASSERT_NE(T, nullptr) << File;
    EXPECT_EQ(T->Registers, 12u);
    EXPECT_EQ(T->StaticSmemBytes, 1024u);
    EXPECT_EQ(T->ConstantBankBytes.at(0), 368u);
  }
  PtxasReport Ada = parsePtxasOutput(input("nvcc13-sm_89.txt"));
  const PtxasFunction *S = Ada.findEntry(Spill, "sm_89");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Registers, 64u);
  EXPECT_EQ(S->SpillStoreBytes, 284u);
  EXPECT_EQ(S->SpillLoadBytes, 320u);
  ASSERT_EQ(Ada.Warnings.size(), 1u);
  EXPECT_NE(Ada.Warnings[0].find(".minnctapersm will be ignored"),
            std::string::npos);
}

TEST(PtxasOutputParser, Nvcc13TuringAndBlackwell) {
  PtxasReport Turing = parsePtxasOutput(input("nvcc13-sm_75.txt"));
  EXPECT_EQ(Turing.findEntry(Spill, "sm_75")->SpillStoreBytes, 280u);
  PtxasReport Blackwell = parsePtxasOutput(input("nvcc13-sm_120.txt"));
  const PtxasFunction *S = Blackwell.findEntry(Spill, "sm_120");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Registers, 64u);
  EXPECT_EQ(S->SpillLoadBytes, 364u);
}

TEST(PtxasOutputParser, TwoArchitecturesInOneLog) {
  PtxasReport R = parsePtxasOutput(input("nvcc13-multi-sm_80-sm_90.txt"));
  const PtxasFunction *A = R.findEntry(TileDouble, "sm_80");
  const PtxasFunction *H = R.findEntry(TileDouble, "sm_90");
  ASSERT_NE(A, nullptr);
  ASSERT_NE(H, nullptr);
  EXPECT_NE(A, H);
  EXPECT_EQ(A->Registers, 12u);
  EXPECT_EQ(H->Registers, 14u);
  EXPECT_EQ(R.findEntry(TileDouble, "sm_75"), nullptr);
}

TEST(PtxasOutputParser, OlderToolkitWithoutBarrierCount) {
  PtxasReport R = parsePtxasOutput(input("variant-cuda11-sm_80.txt"));
  EXPECT_TRUE(R.Unparsed.empty());
  const PtxasFunction *T = R.findEntry(TileFloat, "sm_80");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(T->Registers, 40u);
  EXPECT_FALSE(T->Barriers.has_value());
  EXPECT_EQ(T->StaticSmemBytes, 4224u);
  EXPECT_EQ(T->ConstantBankBytes.at(0), 368u);
  EXPECT_EQ(T->ConstantBankBytes.at(2), 8u);
}

TEST(PtxasOutputParser, MsvcPrefixAndCarriageReturns) {
  PtxasReport Plain = parsePtxasOutput(input("nvcc13-sm_89.txt"));
  PtxasReport Msvc = parsePtxasOutput(input("variant-msvc-sm_89.txt"));
  EXPECT_TRUE(Msvc.Unparsed.empty());
  ASSERT_EQ(Msvc.Functions.size(), Plain.Functions.size());
  for (size_t I = 0; I < Plain.Functions.size(); ++I) {
    EXPECT_EQ(Msvc.Functions[I].MangledName, Plain.Functions[I].MangledName);
    EXPECT_EQ(Msvc.Functions[I].Arch, Plain.Functions[I].Arch);
    EXPECT_EQ(Msvc.Functions[I].Registers, Plain.Functions[I].Registers);
    EXPECT_EQ(Msvc.Functions[I].SpillStoreBytes,
              Plain.Functions[I].SpillStoreBytes);
  }
}

TEST(PtxasOutputParser, NvrtcPrefixes) {
  PtxasReport R = parsePtxasOutput(input("variant-nvrtc-sm_90a.txt"));
  EXPECT_TRUE(R.Unparsed.empty());
  ASSERT_NE(R.findEntry("_Z3dynPf", "sm_90a"), nullptr);
  EXPECT_EQ(R.findEntry("_Z3dynPf", "sm_90a")->Registers, 10u);
  ASSERT_NE(R.findEntry("plain_c", "sm_90a"), nullptr);
  EXPECT_EQ(R.findEntry("plain_c", "sm_90a")->Registers, 8u);
}

TEST(PtxasOutputParser, WarningsAndPerformanceNotesInterleaved) {
  PtxasReport R = parsePtxasOutput(input("variant-warnings-sm_90.txt"));
  EXPECT_TRUE(R.Unparsed.empty());
  const PtxasFunction *S = R.findEntry("_Z12spill_kernelPKfPfi", "sm_90");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Registers, 32u);
  EXPECT_EQ(S->StackFrameBytes, 592u);
  EXPECT_EQ(S->SpillStoreBytes, 1020u);
  EXPECT_EQ(S->SpillLoadBytes, 1120u);
  const PtxasFunction *M = R.findEntry("_Z5smem2v", "sm_90");
  ASSERT_NE(M, nullptr);
  EXPECT_EQ(M->StaticSmemBytes, 6144u);
  EXPECT_EQ(M->Barriers, 1u);
  ASSERT_EQ(R.Warnings.size(), 1u);
}

TEST(PtxasOutputParser, UnknownItemsAreReportedNotGuessed) {
  PtxasReport R = parsePtxasOutput(
      "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
      "ptxas info    : Used 12 registers, 7 bytes frobs\n");
  ASSERT_EQ(R.Unparsed.size(), 1u);
  EXPECT_EQ(R.findEntry("k")->Registers, 12u);
}

TEST(PtxasOutputParser, EmptyAndUnrelatedText) {
  EXPECT_TRUE(parsePtxasOutput("").Functions.empty());
  PtxasReport R = parsePtxasOutput("nvcc warning : something\nrandom text\n"
                                   "ptxas info    : Used 3 registers\n");
  EXPECT_TRUE(R.Functions.empty());
  EXPECT_EQ(R.Unparsed.size(), 1u); // a "Used" line with no entry before it
}

} // namespace
