//===- SassListingTest.cpp - nvdisasm and cuobjdump listings --------------===//
#include "analyzer/resources/SassListing.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace rla;

namespace {

/// listing_kernels.sass: `nvdisasm -gi -c` of listing_kernels.cu (sm_90,
/// nvcc 13.0, -lineinfo), beside it in Inputs/sass.
std::string listingText() {
  std::ifstream In(std::string(RLA_UNIT_INPUTS_DIR) +
                   "/sass/listing_kernels.sass");
  EXPECT_TRUE(In.good());
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

const SassInstruction *at(const SassFunction &F, uint32_t Address) {
  for (const SassInstruction &I : F.Instructions)
    if (I.Address == Address)
      return &I;
  return nullptr;
}

TEST(SassListing, FunctionsByMangledName) {
  SassListing L = parseSassListing(listingText());
  ASSERT_EQ(L.Functions.size(), 3u);
  EXPECT_NE(L.find("_Z11strided_sumPKfPfii"), nullptr);
  EXPECT_NE(L.find("_Z4sinePKfPf"), nullptr);
  EXPECT_NE(L.find("_Z4treePKfPf"), nullptr);
  EXPECT_EQ(L.find("_Z4none"), nullptr);
}

TEST(SassListing, GuardOpcodeAndOperands) {
  SassListing L = parseSassListing(listingText());
  const SassFunction &F = *L.find("_Z4treePKfPf");
  EXPECT_EQ(F.Instructions.front().Opcode, "LDC");
  EXPECT_EQ(F.Instructions.front().Address, 0u);
  const SassInstruction *Exit = at(F, 0x3e0);
  ASSERT_NE(Exit, nullptr);
  EXPECT_EQ(Exit->Guard, "@P0");
  EXPECT_EQ(Exit->Opcode, "EXIT");
  const SassInstruction *Load = at(F, 0x110);
  ASSERT_NE(Load, nullptr);
  EXPECT_EQ(Load->Guard, "@!P1");
  EXPECT_EQ(Load->base(), "LDS");
  EXPECT_EQ(Load->Operands, "R7, [R5+0x200]");
}

TEST(SassListing, BranchTargetsResolveLabels) {
  SassListing L = parseSassListing(listingText());
  const SassFunction &F = *L.find("_Z11strided_sumPKfPfii");
  // The unrolled loop's back edge: `@P1 BRA `(.L_x_12)` to 0x1e0.
  const SassInstruction *Back = at(F, 0x610);
  ASSERT_NE(Back, nullptr);
  EXPECT_EQ(Back->base(), "BRA");
  ASSERT_TRUE(Back->Target);
  EXPECT_EQ(*Back->Target, 0x1e0u);
}

TEST(SassListing, LineTableWithInliningChain) {
  SassListing L = parseSassListing(listingText());
  const SassFunction &F = *L.find("_Z11strided_sumPKfPfii");
  // The first FFMA of the unrolled loop is square_plus_one's line 3,
  // inlined at line 11.
  const SassInstruction *Fma = nullptr;
  for (const SassInstruction &I : F.Instructions)
    if (I.base() == "FFMA" && !Fma)
      Fma = &I;
  ASSERT_NE(Fma, nullptr);
  ASSERT_EQ(Fma->Origins.size(), 2u);
  EXPECT_EQ(Fma->Origins[0].File, "listing_kernels.cu");
  EXPECT_EQ(Fma->Origins[0].Line, 3u);
  EXPECT_EQ(Fma->Origins[1].Line, 11u);
  // A plain line of the kernel: one position.
  ASSERT_EQ(F.Instructions[1].Origins.size(), 1u);
  EXPECT_EQ(F.Instructions[1].Origins[0].Line, 6u);
}

TEST(SassListing, ChainWrittenOneLinkPerComment) {
  // nvdisasm -gi writes a two-level inlining as consecutive comments.
  const char *Text = R"(
.text._Z1kv:
	//## File "/a/k.cu", line 153 inlined at "/a/k.cu", line 168
	//## File "/a/k.cu", line 168 inlined at "/a/k.cu", line 182
	//## File "/a/k.cu", line 182
        /*0270*/                   LDS R2, [R7] ;
	//## File "/a/k.cu", line 183
        /*0280*/                   EXIT ;
)";
  SassListing L = parseSassListing(Text);
  ASSERT_EQ(L.Functions.size(), 1u);
  const SassFunction &F = L.Functions[0];
  ASSERT_EQ(F.Instructions.size(), 2u);
  ASSERT_EQ(F.Instructions[0].Origins.size(), 3u);
  EXPECT_EQ(F.Instructions[0].Origins[0].Line, 153u);
  EXPECT_EQ(F.Instructions[0].Origins[1].Line, 168u);
  EXPECT_EQ(F.Instructions[0].Origins[2].Line, 182u);
  ASSERT_EQ(F.Instructions[1].Origins.size(), 1u);
  EXPECT_EQ(F.Instructions[1].Origins[0].Line, 183u);
}

TEST(SassListing, CuobjdumpShape) {
  // cuobjdump -sass: "Function : name", plain branch addresses, encodings.
  const char *Text = R"SASS(
		Function : _Z4copyPKfPf
	.headerflags	@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
        /*0000*/                   LDC R1, c[0x0][0x28] ;        /* 0x00000a00ff017b82 */
                                                                 /* 0x000fe20000000800 */
        /*0010*/               @P0 BRA 0x30 ;                    /* 0x00000000003c0947 */
                                                                 /* 0x000fea0003800000 */
        /*0020*/                   LDG.E.128 R4, desc[UR4][R2.64] ;  /* 0x0000000402047981 */
                                                                 /* 0x000ea2000c1e1d00 */
        /*0030*/                   EXIT ;                        /* 0x000000000000794d */
)SASS";
  SassListing L = parseSassListing(Text);
  ASSERT_EQ(L.Functions.size(), 1u);
  const SassFunction &F = L.Functions[0];
  EXPECT_EQ(F.MangledName, "_Z4copyPKfPf");
  ASSERT_EQ(F.Instructions.size(), 4u);
  ASSERT_TRUE(F.Instructions[1].Target);
  EXPECT_EQ(*F.Instructions[1].Target, 0x30u);
  EXPECT_EQ(F.Instructions[2].Opcode, "LDG.E.128");
  EXPECT_TRUE(F.Instructions[2].Origins.empty());
}

TEST(SassListing, OtherTextGivesNoFunction) {
  EXPECT_TRUE(parseSassListing("").Functions.empty());
  EXPECT_TRUE(
      parseSassListing("nvdisasm fatal : not a cubin\n").Functions.empty());
}

} // namespace
