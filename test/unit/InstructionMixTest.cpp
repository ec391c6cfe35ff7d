//===- InstructionMixTest.cpp - Warp instructions from SASS and lines -----===//
#include "analyzer/models/InstructionMix.h"
#include "analyzer/models/IssueTime.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace rla;

namespace {

/// Inputs/sass/Name: a listing of kernels nvcc 13 compiled (sm_90).
SassListing loadListing(const std::string &Name) {
  std::ifstream In(std::string(RLA_UNIT_INPUTS_DIR) + "/sass/" + Name);
  std::stringstream S;
  S << In.rdbuf();
  return parseSassListing(S.str());
}

/// The kernels of Inputs/sass/listing_kernels.cu.
const SassListing &listing() {
  static const SassListing L = loadListing("listing_kernels.sass");
  return L;
}

/// The H200's rates per SM per clock (data/architectures.json, 9.0).
IssueRates hopperRates() {
  IssueRates R;
  R.Issue = 4;
  R.Fma = 4;
  R.FmaHeavy = 2;
  R.Alu = 2;
  R.Fp64 = 2;
  R.Xu = 0.5;
  R.Lsu = 1;
  R.Shuffle = 1;
  return R;
}

BoundLine line(unsigned Line, double Executions, double Warps,
               LineWork Work = {}, unsigned CallerLine = 0) {
  BoundLine L;
  L.File = "/src/listing_kernels.cu";
  L.Line = Line;
  L.Executions = Executions;
  L.WarpExecutions = Warps;
  L.PerRun = Work;
  if (CallerLine) {
    L.CallerFile = L.File;
    L.CallerLine = CallerLine;
  }
  return L;
}

LineWork loopHeader() {
  LineWork W;
  W.LoopHeader = true;
  return W;
}

LineWork work(double Flops, double LoadBytes = 0, double StoreBytes = 0,
              double SharedLoad = 0, double SharedStore = 0, double Sfu = 0) {
  LineWork W;
  W.HardwareFlops = Flops;
  W.GlobalLoadBytes = LoadBytes;
  W.GlobalStoreBytes = StoreBytes;
  W.SharedLoadBytes = SharedLoad;
  W.SharedStoreBytes = SharedStore;
  W.SfuOps = Sfu;
  return W;
}

/// strided_sum with n = 4096 threads (128 warps) and m = 64: the loop runs
/// 64 times per thread, what the front end counts per line.
std::vector<BoundLine> stridedSumLines() {
  const double T = 4096, W = 128, M = 64;
  return {line(6, T, W),
          line(7, T, W),
          line(9, T, W),
          line(10, T * M, W * M, loopHeader()),
          line(11, T * M, W * M, work(1, 4)),
          line(3, T * M, W * M, work(2), /*CallerLine=*/11),
          line(12, T, W, work(0, 0, 4))};
}

TEST(InstructionMix, UnrolledLoopRunsItsTripCountOverItsCopies) {
  const SassFunction *F = listing().find("_Z11strided_sumPKfPfii");
  ASSERT_NE(F, nullptr);
  InstructionMix M = countInstructions(*F, stridedSumLines(), 128);
  // nvcc unrolls the loop of unknown count 16 times (0x1e0..0x610): 64
  // iterations are 4 passes per warp. The remainders (8, 4, 1) do not run
  // for a trip count that is a multiple of 16.
  const InstructionMix::BlockRuns *Main = M.blockAt(0x1e0);
  ASSERT_NE(Main, nullptr);
  EXPECT_TRUE(Main->InLoop);
  EXPECT_EQ(Main->Instructions, 68u);
  EXPECT_DOUBLE_EQ(Main->Runs, 128 * 4);
  EXPECT_DOUBLE_EQ(M.LargestCopies, 16);
  // Every FLOP is in the main loop: x*x+1 (an FFMA) and the sum (FADD).
  EXPECT_DOUBLE_EQ(M.HardwareFlops, 4096.0 * 64 * 3);
  // The prologue runs once per warp.
  ASSERT_NE(M.blockAt(0), nullptr);
  EXPECT_DOUBLE_EQ(M.blockAt(0)->Runs, 128);
  double InLoops = 0, Straight = 0;
  for (const InstructionMix::BlockRuns &B : M.BlockCounts) {
    (B.InLoop ? InLoops : Straight) += B.Runs * B.Instructions;
    EXPECT_LE(B.Runs, B.InLoop ? 128 * 4 : 128) << std::hex << B.Address;
  }
  EXPECT_DOUBLE_EQ(InLoops, 128 * 4 * 68.0);
  EXPECT_DOUBLE_EQ(M.Total, InLoops + Straight);
  EXPECT_DOUBLE_EQ(M.GlobalLoadInstructions, 128 * 4 * 16.0);
}

TEST(SassClass, WarpMmaFlopsComeFromTheShape) {
  // m16n8k4 tf32: 2 * 16 * 8 * 4 FLOPs a warp, 32 a thread.
  EXPECT_EQ(sassMmaFlopsPerThread("HMMA.1684.F32.TF32"), 32u);
  EXPECT_EQ(sassMmaFlopsPerThread("HMMA.16816.F32.BF16"), 128u);
  EXPECT_EQ(sassMmaFlopsPerThread("HMMA.1688.F16"), 64u);
  EXPECT_EQ(sassMmaFlopsPerThread("IMMA.16832.S8.S8"), 256u);
  EXPECT_EQ(sassMmaFlopsPerThread("IMMA.8816.S8.S8"), 64u);
  EXPECT_EQ(sassMmaFlopsPerThread("DMMA.884"), 16u);
  // sm_90 spells DMMA's shape out.
  EXPECT_EQ(sassMmaFlopsPerThread("DMMA.8x8x4"), 16u);
  // Volta's HMMA.884 is part of a step, a warpgroup MMA not one warp's.
  EXPECT_EQ(sassMmaFlopsPerThread("HMMA.884.F32.F32.STEP0"), 0u);
  EXPECT_EQ(sassMmaFlopsPerThread("HGMMA.64x128x16.F32.BF16"), 0u);
  EXPECT_EQ(sassMmaFlopsPerThread("FFMA"), 0u);
  // The class carries them as the line's tensor work.
  SassInstruction I;
  I.Opcode = "HMMA.16816.F32";
  EXPECT_DOUBLE_EQ(classifySass(I).Work.TensorFlops, 128);
  // A warp's MMA takes the tensor pipe; DMMA at its own rate; a warpgroup
  // MMA is neither.
  EXPECT_TRUE(classifySass(I).WarpMma);
  I.Opcode = "DMMA.8x8x4";
  EXPECT_TRUE(classifySass(I).WarpMmaFp64);
  EXPECT_FALSE(classifySass(I).WarpMma);
  I.Opcode = "HGMMA.64x128x16.F32.BF16";
  EXPECT_FALSE(classifySass(I).WarpMma);
}

TEST(IssueTime, WarpMmasTakeTheTensorPipe) {
  // 1e9 HMMA at 0.664 per SM per clock on 100 SMs at 1 GHz: 15.1 ms, more
  // than their issue slots; 1e8 DMMA at 0.25 add 4 ms.
  IssueRates R = hopperRates();
  R.Tensor = 0.664;
  R.TensorFp64 = 0.25;
  InstructionMix M;
  M.ByPipe[unsigned(SassPipe::Tensor)] = 1.1e9;
  M.WarpMma = 1e9;
  M.WarpMmaFp64 = 1e8;
  M.Total = 1.1e9;
  IssueEstimate E = estimateIssue(M, R, 100, 1e9, 200);
  EXPECT_DOUBLE_EQ(E.TensorTime, 1e9 / (0.664 * 100 * 1e9) + 0.004);
  EXPECT_EQ(E.Limiter, "tensor");
  // Without a measured rate there is no tensor term.
  EXPECT_EQ(estimateIssue(M, hopperRates(), 100, 1e9, 200).TensorTime, 0);
}

TEST(InstructionMix, PredicatedBodyRunsInEveryWarp) {
  const SassFunction *F = listing().find("_Z4treePKfPf");
  ASSERT_NE(F, nullptr);
  // 100 blocks of 256 threads; `if (t < h)` over h = 128 .. 1 runs 255
  // threads in 12 warps per block; `if (t == 0)` one thread per block.
  const double B = 100;
  std::vector<BoundLine> Lines = {
      line(22, 256 * B, 8 * B),
      line(23, 256 * B, 8 * B, work(0, 4, 0, 0, 4)),
      line(24, 256 * B, 8 * B),
      line(25, 2048 * B, 64 * B, loopHeader()),
      line(26, 2048 * B, 64 * B),
      line(27, 255 * B, 12 * B, work(1, 0, 0, 8, 4)),
      line(28, 2048 * B, 64 * B),
      line(30, 256 * B, 8 * B),
      line(31, B, B, work(0, 0, 4, 4))};
  InstructionMix M = countInstructions(*F, Lines, 8 * B);
  // The loop is unrolled whole and its `if` predicated: the 63
  // instructions up to `@P0 EXIT` run in every warp, the store after it in
  // one warp per block.
  ASSERT_NE(M.blockAt(0), nullptr);
  EXPECT_EQ(M.blockAt(0)->Instructions, 63u);
  EXPECT_DOUBLE_EQ(M.blockAt(0)->Runs, 8 * B);
  ASSERT_NE(M.blockAt(0x3f0), nullptr);
  EXPECT_DOUBLE_EQ(M.blockAt(0x3f0)->Runs, B);
  EXPECT_DOUBLE_EQ(M.Total, 63 * 8 * B + 5 * B);
  EXPECT_EQ(M.Loops, 0u);
}

TEST(InstructionMix, MathFunctionRareCaseIsNotTaken) {
  const SassFunction *F = listing().find("_Z4sinePKfPf");
  ASSERT_NE(F, nullptr);
  // 64 warps; sinf's source work: its FMA sequence, one special-function
  // operation.
  std::vector<BoundLine> Lines = {line(16, 2048, 64),
                                  line(17, 2048, 64, work(16, 4, 4, 0, 0, 1))};
  InstructionMix M = countInstructions(*F, Lines, 64);
  // The large-argument reduction (a loop reading a table from global
  // memory at 0x220) runs in no warp; the fast path in every one.
  bool SawReduction = false;
  for (const InstructionMix::BlockRuns &B : M.BlockCounts) {
    if (B.Address <= 0x220 && 0x220 < B.Address + 16 * B.Instructions) {
      SawReduction = true;
      EXPECT_EQ(B.Runs, 0);
    }
    EXPECT_TRUE(B.Runs == 0 || B.Runs == 64) << std::hex << B.Address;
  }
  EXPECT_TRUE(SawReduction);
  ASSERT_NE(M.blockAt(0), nullptr);
  EXPECT_DOUBLE_EQ(M.blockAt(0)->Runs, 64);
}

TEST(InstructionMix, LinesOfOneStatementAreOne) {
  // `acc +=\n a * b`: the source counts the multiply on the second line,
  // the compiler puts the FFMA on the first.
  const char *Text = R"(
.text._Z1kv:
	//## File "/s/k.cu", line 5
        /*0000*/                   S2R R0, SR_TID.X ;
	//## File "/s/k.cu", line 7
        /*0010*/                   FFMA R1, R2, R3, R1 ;
        /*0020*/                   FFMA R1, R4, R5, R1 ;
	//## File "/s/k.cu", line 9
        /*0030*/                   EXIT ;
)";
  SassListing L = parseSassListing(Text);
  auto at = [](unsigned Line, unsigned Statement, double Flops) {
    BoundLine B;
    B.File = "k.cu";
    B.Line = Line;
    B.StatementLine = Statement;
    B.Executions = 64;
    B.WarpExecutions = 2;
    B.PerRun.HardwareFlops = Flops;
    return B;
  };
  // Two runs per thread of one statement (two copies), 32 threads a warp.
  std::vector<BoundLine> Lines = {at(5, 5, 0), at(7, 7, 1), at(8, 7, 1)};
  Lines[1].Executions = Lines[2].Executions = 128;
  Lines[1].WarpExecutions = Lines[2].WarpExecutions = 4;
  InstructionMix M = countInstructions(L.Functions[0], Lines, 2);
  EXPECT_DOUBLE_EQ(M.Total, 2 * 4);
  EXPECT_DOUBLE_EQ(M.HardwareFlops, 2 * 32 * 2 * 2.0);
}

TEST(InstructionMix, ClassesByPipe) {
  auto classOf = [](const char *Opcode, const char *Operands = "R0, R1") {
    SassInstruction I;
    I.Opcode = Opcode;
    I.Operands = Operands;
    return classifySass(I);
  };
  EXPECT_EQ(classOf("FFMA").Pipe, SassPipe::Fma);
  EXPECT_EQ(classOf("FFMA").Work.HardwareFlops, 2);
  EXPECT_EQ(classOf("IMAD.WIDE.U32").Pipe, SassPipe::Fma);
  EXPECT_TRUE(classOf("IMAD.WIDE.U32").FmaHeavy);
  EXPECT_TRUE(classOf("HFMA2").FmaHeavy);
  EXPECT_FALSE(classOf("HFMA2.MMA").FmaHeavy);
  EXPECT_TRUE(classOf("HFMA2.MMA").FmaMma);
  EXPECT_FALSE(classOf("FFMA").FmaHeavy);
  EXPECT_EQ(classOf("IADD3").Pipe, SassPipe::Alu);
  EXPECT_EQ(classOf("LOP3.LUT").Pipe, SassPipe::Alu);
  EXPECT_EQ(classOf("DFMA").Pipe, SassPipe::Fp64);
  EXPECT_EQ(classOf("MUFU.EX2").Pipe, SassPipe::Xu);
  EXPECT_EQ(classOf("MUFU.EX2").Work.SfuOps, 1);
  EXPECT_EQ(classOf("LDG.E.128").Work.GlobalLoadBytes, 16);
  EXPECT_EQ(classOf("LDS.U8").Work.SharedLoadBytes, 1);
  EXPECT_EQ(classOf("STG.E.64").Work.GlobalStoreBytes, 8);
  EXPECT_TRUE(classOf("SHFL.BFLY").Shuffle);
  EXPECT_EQ(classOf("HMMA.16816.F32").Pipe, SassPipe::Tensor);
  EXPECT_EQ(classOf("ULDC.64").Pipe, SassPipe::Uniform);
  EXPECT_EQ(classOf("BAR.SYNC.DEFER_BLOCKING").Pipe, SassPipe::Control);
  // HFMA2.MMA R4, -RZ, RZ, 0, 0 sets a register; it computes nothing.
  EXPECT_EQ(classOf("HFMA2.MMA", "R4, -RZ, RZ, 0, 0").Work.HardwareFlops, 0);
  EXPECT_EQ(classOf("HFMA2", "R4, R4, R4, R4").Work.HardwareFlops, 2);
}

TEST(IssueTime, BusiestSmSetsTheTime) {
  InstructionMix M;
  M.Total = 4e9;
  M.ByPipe[unsigned(SassPipe::Fma)] = 2e9;
  M.ByPipe[unsigned(SassPipe::Alu)] = 1.5e9;
  IssueRates R = hopperRates();
  // 100 SMs at 1 GHz, 200 blocks: two per SM, evenly.
  IssueEstimate E = estimateIssue(M, R, 100, 1e9, 200);
  EXPECT_DOUBLE_EQ(E.WaveFactor, 1);
  EXPECT_DOUBLE_EQ(E.IssueSlotTime, 4e9 / (4 * 100 * 1e9));
  EXPECT_DOUBLE_EQ(E.AluTime, 1.5e9 / (2 * 100 * 1e9));
  // The FMA and ALU pipes share a dispatch: 2e9 FFMA at 4 and 1.5e9 ALU
  // at 2 per SM per clock take 5 ms + 7.5 ms, more than the 10 ms of issue.
  EXPECT_DOUBLE_EQ(E.MathTime, 0.005 + 0.0075);
  EXPECT_EQ(E.Limiter, "math");
  EXPECT_DOUBLE_EQ(E.Time, 0.0125);
  // 201 blocks: one SM runs three, the time of 3 blocks against 2.01.
  IssueEstimate Tail = estimateIssue(M, R, 100, 1e9, 201);
  EXPECT_DOUBLE_EQ(Tail.WaveFactor, 3 / 2.01);
  // 4 blocks fill 4 of the 100 SMs.
  IssueEstimate Small = estimateIssue(M, R, 100, 1e9, 4);
  EXPECT_DOUBLE_EQ(Small.WaveFactor, 25);
  // With fewer ALU instructions the issue slots bind.
  M.ByPipe[unsigned(SassPipe::Alu)] = 0.5e9;
  IssueEstimate Issue = estimateIssue(M, R, 100, 1e9, 200);
  EXPECT_EQ(Issue.Limiter, "issue");
  EXPECT_DOUBLE_EQ(Issue.Time, 0.01);
  // An IMAD runs on half the FMA units: 1e9 of them at 2 per SM per clock.
  M.FmaHeavy = 1e9;
  EXPECT_DOUBLE_EQ(estimateIssue(M, R, 100, 1e9, 200).FmaTime,
                   1e9 / (4 * 100 * 1e9) + 1e9 / (2 * 100 * 1e9));
  // HFMA2.MMA runs beside the heavy half: 1e9 of each take as long as the
  // heavy ones alone.
  M.ByPipe[unsigned(SassPipe::Fma)] = 2e9;
  M.FmaMma = 1e9;
  EXPECT_DOUBLE_EQ(estimateIssue(M, R, 100, 1e9, 200).FmaTime,
                   1e9 / (2 * 100 * 1e9));
}

TEST(IssueTime, ImadWorksBesideTheAluButFfmaAddsToBoth) {
  IssueRates R = hopperRates();
  // 1e9 IMAD (heavy half) and 1.5e9 ALU ops on 100 SMs at 1 GHz: 5 ms and
  // 7.5 ms side by side, the ALU's 7.5 ms.
  InstructionMix M;
  M.ByPipe[unsigned(SassPipe::Fma)] = 1e9;
  M.FmaHeavy = 1e9;
  M.ByPipe[unsigned(SassPipe::Alu)] = 1.5e9;
  M.Total = 2.5e9;
  EXPECT_DOUBLE_EQ(estimateIssue(M, R, 100, 1e9, 200).MathTime, 0.0075);
  // 1e9 FFMA more (2.5 ms on both halves) add to the longer side.
  M.ByPipe[unsigned(SassPipe::Fma)] = 2e9;
  M.Total = 3.5e9;
  EXPECT_DOUBLE_EQ(estimateIssue(M, R, 100, 1e9, 200).MathTime, 0.01);
}

} // namespace

namespace {

/// The kernels of Inputs/sass/listing_branches.cu.
const SassListing &branches() {
  static const SassListing L = loadListing("listing_branches.sass");
  return L;
}

BoundLine branchLine(unsigned Line, double Executions, double Warps,
                     LineWork Work = {}) {
  BoundLine L = line(Line, Executions, Warps, Work);
  L.File = "listing_branches.cu";
  return L;
}

TEST(InstructionMix, IfElseMergedIntoOneBlockRunsInEveryWarp) {
  const SassFunction *F = branches().find("_Z10scan_stepsPKfPf");
  ASSERT_NE(F, nullptr);
  // 100 blocks of 256 threads; 8 doubling steps. `tid >= offset` runs 1793
  // threads in 57 warps per block, the else 255 threads in 12 warps.
  const double B = 100;
  LineWork Copy;
  Copy.SharedLoadBytes = 4;
  Copy.SharedStoreBytes = 4;
  LineWork Loop = loopHeader();
  std::vector<BoundLine> Lines = {
      branchLine(6, 256 * B, 8 * B),
      branchLine(7, 256 * B, 8 * B),
      branchLine(8, 256 * B, 8 * B, work(0, 4, 0, 0, 4)),
      branchLine(9, 256 * B, 8 * B),
      branchLine(10, 2048 * B, 64 * B, Loop),
      branchLine(11, 2048 * B, 64 * B),
      branchLine(12, 2048 * B, 64 * B),
      branchLine(13, 2048 * B, 64 * B),
      branchLine(14, 1793 * B, 57 * B, work(1, 0, 0, 8, 4)),
      branchLine(16, 255 * B, 12 * B, Copy),
      branchLine(17, 2048 * B, 64 * B),
      branchLine(19, 256 * B, 8 * B, work(0, 0, 4, 4))};
  InstructionMix M = countInstructions(*F, Lines, 8 * B);
  // The steps are unrolled and each if/else merged into straight code: the
  // whole kernel is one block on every path from the entry.
  EXPECT_EQ(M.Loops, 0u);
  ASSERT_NE(M.blockAt(0), nullptr);
  EXPECT_DOUBLE_EQ(M.blockAt(0)->Runs, 8 * B);
  EXPECT_DOUBLE_EQ(M.Total, 8 * B * M.blockAt(0)->Instructions);
}

TEST(InstructionMix, ToolkitSpecialCaseCallsAreNotTaken) {
  const SassFunction *F = branches().find("_Z8sqrt_divPKfPf");
  ASSERT_NE(F, nullptr);
  // 64 warps; one IEEE sqrtf and one division per thread.
  std::vector<BoundLine> Lines = {
      branchLine(24, 2048, 64),
      branchLine(25, 2048, 64, work(8, 8, 4, 0, 0, 2))};
  InstructionMix M = countInstructions(*F, Lines, 64);
  // The calls of __cuda_sm20_sqrt_rn_f32_slowpath (0x100) and
  // __cuda_sm3x_div_rn_noftz_f32_slowpath (0x240) are skipped by the fast
  // paths; every other block of the kernel runs once per warp, and the
  // subroutines after EXIT are reached by CALL alone.
  for (const InstructionMix::BlockRuns &B : M.BlockCounts) {
    bool Call =
        (B.Address <= 0x100 && 0x100 < B.Address + 16 * B.Instructions) ||
        (B.Address <= 0x240 && 0x240 < B.Address + 16 * B.Instructions);
    EXPECT_EQ(B.Runs, Call ? 0 : 64) << std::hex << B.Address;
    EXPECT_LT(B.Address, 0x2b0u) << "a subroutine is not the kernel's code";
  }
}

} // namespace

namespace {

/// cuobjdump -sass of the H200 microbenchmark's dependent chains
/// (docs/accuracy/pipe-rates): an FFMA waits 4 cycles for the one before
/// (stall 4 in its control bits); an LDS pointer chase waits on the
/// scoreboard its predecessor set.
const char *const Chains = R"SASS(
		Function : chain
        /*0000*/                   FFMA R11, R11, UR5, R4 ;  /* 0x000000050b0b7c23 */
                                                             /* 0x000fc80008000004 */
        /*0010*/                   FFMA R11, R11, UR5, R4 ;  /* 0x000000050b0b7c23 */
                                                             /* 0x000fc80008000004 */
        /*0020*/                   FFMA R11, R11, UR5, R4 ;  /* 0x000000050b0b7c23 */
                                                             /* 0x000fc80008000004 */
        /*0030*/                   LDS R4, [R7] ;            /* 0x0000000007047984 */
                                                             /* 0x001e280000000800 */
        /*0040*/                   LDS R4, [R4] ;            /* 0x0000000004047984 */
                                                             /* 0x001e280000000800 */
        /*0050*/                   LDS R5, [R4] ;            /* 0x0000000004057984 */
                                                             /* 0x001e280000000800 */
        /*0060*/                   EXIT ;                    /* 0x000000000000794d */
                                                             /* 0x000fea0003800000 */
)SASS";

TEST(WarpSchedule, EncodedStallsAndScoreboards) {
  SassListing L = parseSassListing(Chains);
  ASSERT_EQ(L.Functions.size(), 1u);
  const std::vector<SassInstruction> &Code = L.Functions[0].Instructions;
  ASSERT_TRUE(Code[0].schedule());
  EXPECT_EQ(Code[0].schedule()->Stall, 4u);
  EXPECT_EQ(Code[0].schedule()->WriteBarrier, 7u);
  EXPECT_EQ(Code[3].schedule()->WriteBarrier, 0u);
  EXPECT_EQ(Code[4].schedule()->WaitMask, 1u);
  SassLatencies Lat;
  Lat.Shared = 23;
  // Three FFMAs at 4 cycles; each LDS waits for the one before: the first
  // issues at 12, the second at 12 + 23 (its stall of 4 is inside that),
  // the third at 12 + 46, then 4 more and the EXIT's 5.
  std::vector<double> C = blockCycles(Code, {{0, Code.size()}}, {-1}, Lat);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_DOUBLE_EQ(C[0], 12 + 23 + 23 + 4 + 5);
  // Without the encodings there is no schedule.
  std::vector<SassInstruction> Bare = Code;
  Bare[2].HighWord.reset();
  EXPECT_TRUE(blockCycles(Bare, {{0, Bare.size()}}, {-1}, Lat).empty());
}

} // namespace

namespace {

TEST(IssueTime, FewWarpsWaitOnTheirOwnChains) {
  IssueRates R = hopperRates();
  // 8 blocks of 8 warps, one per SM: 2 warps per scheduler, each a chain
  // of 65536 dependent FFMAs (4 cycles each) it runs alone.
  InstructionMix M;
  M.Total = 8 * 8 * 65536;
  M.ByPipe[unsigned(SassPipe::Fma)] = M.Total;
  M.WarpCycles = 65536 * 4;
  WarpResidency Res{8, 64};
  IssueEstimate E = estimateIssue(M, R, 100, 1e9, 8, Res);
  EXPECT_DOUBLE_EQ(E.WarpsPerScheduler, 2);
  EXPECT_DOUBLE_EQ(E.ResidentPerScheduler, 2);
  EXPECT_DOUBLE_EQ(E.WarpLatencyTime, 65536 * 4 / 1e9);
  EXPECT_EQ(E.Limiter, "warp-latency");
  // 1600 such blocks: 16 per SM, 32 warps per scheduler of which 16 fit at
  // once (64 warps per SM): two rounds of chains.
  IssueEstimate Full = estimateIssue(M, R, 100, 1e9, 1600, Res);
  EXPECT_DOUBLE_EQ(Full.WarpLatencyTime, 2 * 65536 * 4 / 1e9);
}

// Blocks that differ in work: the heaviest block's warps (1.5x the mean
// warp's chain) set the time of the round they run in; over two rounds
// the first is a mean round and the last waits for them. The busiest SM's
// issue share follows the heaviest block when it is more than its blocks.
TEST(IssueTime, TheHeaviestBlocksWarpsSetTheLastRound) {
  IssueRates R = hopperRates();
  InstructionMix M;
  M.Total = 8 * 8 * 65536;
  M.ByPipe[unsigned(SassPipe::Fma)] = M.Total;
  M.WarpCycles = 65536 * 4;
  WarpResidency Res{8, 64};
  IssueEstimate One =
      estimateIssue(M, R, 100, 1e9, 8, Res, BlockWeights{1.5, {}});
  EXPECT_DOUBLE_EQ(One.WarpLatencyTime, 1.5 * 65536 * 4 / 1e9);
  EXPECT_DOUBLE_EQ(One.WaveFactor, 1.5 / (8.0 / 100));
  EXPECT_DOUBLE_EQ(One.HeaviestBlock, 1.5);
  IssueEstimate Two =
      estimateIssue(M, R, 100, 1e9, 1600, Res, BlockWeights{1.5, {}});
  EXPECT_DOUBLE_EQ(Two.WarpLatencyTime, 2.5 * 65536 * 4 / 1e9);
  EXPECT_DOUBLE_EQ(Two.WaveFactor, 1);
}

TEST(IssueTime, BarrierStretchesAdd) {
  IssueRates R = hopperRates();
  // Two blocks of 32 warps per SM (16 warps per scheduler): a stretch of 10
  // instructions waiting 2000 cycles on a load, a barrier, then 100
  // instructions that take 200 cycles alone.
  InstructionMix M;
  M.Total = 200 * 32 * 110;
  M.ByPipe[unsigned(SassPipe::Fma)] = M.Total;
  M.WarpCycles = 2200;
  M.Phases = {{10, 2000}, {100, 200}};
  WarpResidency Res{32, 64};
  IssueEstimate E = estimateIssue(M, R, 100, 1e9, 200, Res);
  // Without barriers the load would hide under the other warps' issue:
  // max(16 x 110, 2200) cycles. Crossing the barrier together, the warps
  // wait out the load, then issue: 2000 + 16 x 100.
  EXPECT_DOUBLE_EQ(E.WarpLatencyTime, 2200 / 1e9);
  EXPECT_DOUBLE_EQ(E.SyncPhaseTime, (2000 + 1600) / 1e9);
  EXPECT_EQ(E.Limiter, "sync-phases");
  // Without stretches (no barrier) there is no such term.
  M.Phases.clear();
  EXPECT_DOUBLE_EQ(estimateIssue(M, R, 100, 1e9, 200, Res).SyncPhaseTime, 0);
}

TEST(IssueTime, BarrierStretchesWaitForTheirWavefronts) {
  IssueRates R = hopperRates();
  // As BarrierStretchesAdd, the second stretch reading a conflicted tile:
  // 150 L1 wavefronts per warp, the SM's 64 resident warps served one
  // wavefront a clock.
  InstructionMix M;
  M.Total = 200 * 32 * 110;
  M.ByPipe[unsigned(SassPipe::Fma)] = M.Total;
  M.WarpCycles = 2200;
  M.Phases = {{10, 2000, 1, 2}, {100, 200, 0, 150}};
  WarpResidency Res{32, 64, 1};
  IssueEstimate E = estimateIssue(M, R, 100, 1e9, 200, Res);
  EXPECT_DOUBLE_EQ(E.SyncPhaseTime, (2000 + 64 * 150) / 1e9);
  // Without the L1's rate the wavefronts are not a term.
  Res.L1WavefrontsPerClock = 0;
  EXPECT_DOUBLE_EQ(estimateIssue(M, R, 100, 1e9, 200, Res).SyncPhaseTime,
                   (2000 + 1600) / 1e9);
}

TEST(IssueTime, BarriersHaveTheirOwnRate) {
  IssueRates R = hopperRates();
  R.Barrier = 0.5;
  // 100 SMs full of barriers: 1000 per SM at half a barrier per clock.
  InstructionMix M;
  M.Total = 100 * 2000;
  M.Barriers = 100 * 1000;
  M.ByPipe[unsigned(SassPipe::Control)] = M.Barriers;
  M.ByPipe[unsigned(SassPipe::Fma)] = M.Total - M.Barriers;
  IssueEstimate E = estimateIssue(M, R, 100, 1e9, 100);
  EXPECT_DOUBLE_EQ(E.BarrierTime, 2000 / 1e9);
  EXPECT_EQ(E.Limiter, "lsu");
  // Unmeasured: a barrier is one issue slot like any other.
  R.Barrier = 0;
  EXPECT_DOUBLE_EQ(estimateIssue(M, R, 100, 1e9, 100).BarrierTime, 0);
}

TEST(WarpSchedule, TheSlowestOfSeveralLoadsIsMoreOftenAMiss) {
  SassLatencies L;
  L.L1Hit = 40;
  L.L2Hit = 300;
  L.Dram = 1200;
  L.ToL2 = 0.5;   // half the loads leave L1
  L.ToDram = 0.2; // a fifth of all go to DRAM
  // One load: the mix, 40 + 0.5 x 260 + 0.2 x 900.
  EXPECT_DOUBLE_EQ(L.slowestGlobal(1), 40 + 130 + 180);
  // Five waited on together: one of them likely misses.
  double Five = 40 + (1 - 0.03125) * 260 + (1 - 0.32768) * 900;
  EXPECT_NEAR(L.slowestGlobal(5), Five, 1e-9);
  EXPECT_GT(L.slowestGlobal(5), L.slowestGlobal(1));
  EXPECT_LT(L.slowestGlobal(1000), 1200 + 1e-9);
}

} // namespace

namespace {

/// The kernels of Inputs/sass/listing_barriers.cu.
const SassListing &barrierListing() {
  static const SassListing L = loadListing("listing_barriers.sass");
  return L;
}

/// tile_fill on a 256 x 256 grid of 16 x 16 blocks (8 warps each), its
/// loop's warps going round LoopWarpsPerWarp times on average.
InstructionMix tileFill(double LoopWarpsPerWarp,
                        const LineWavefronts *Wavefronts = nullptr) {
  const SassFunction *F = barrierListing().find("_Z9tile_fillPKfPfi");
  EXPECT_NE(F, nullptr);
  const double W = 65536 * 8, T = W * 32, LoopW = W * LoopWarpsPerWarp;
  std::vector<BoundLine> Lines;
  for (BoundLine L :
       {line(9, T, W), line(10, 324 * 65536, LoopW, loopHeader()),
        line(11, 324 * 65536, LoopW), line(12, 324 * 65536, LoopW),
        line(13, 324 * 65536, LoopW, work(0, 4, 0, 0, 4)), line(16, T, W),
        line(17, T, W), line(18, T, W, work(1, 0, 4, 8))}) {
    L.File = "/src/listing_barriers.cu";
    Lines.push_back(L);
  }
  SassLatencies Lat;
  Lat.Global = 1000;
  Lat.Shared = 30;
  Lat.Constant = 10;
  Lat.Shuffle = 20;
  Lat.Barrier = 20;
  return countInstructions(*F, Lines, W, &Lat, Wavefronts);
}

TEST(InstructionMix, BarrierWaitsForTheWarpThatGoesRoundAgain) {
  // 324 tile elements over 256 threads: some warps go round the fill loop
  // twice, the others once. The barrier after it waits for the slowest,
  // so the stretch before it lasts two loads, whatever the average.
  InstructionMix Some = tileFill(1.25), All = tileFill(2);
  ASSERT_EQ(Some.Phases.size(), 2u);
  ASSERT_EQ(All.Phases.size(), 2u);
  EXPECT_LT(Some.Phases[0].Issued, All.Phases[0].Issued);
  EXPECT_DOUBLE_EQ(Some.Phases[0].Cycles, All.Phases[0].Cycles);
  EXPECT_GT(Some.Phases[0].Cycles, 2 * 1000);
  // The stretch after the barrier has no loop: the average warp's.
  EXPECT_DOUBLE_EQ(Some.Phases[1].Cycles, All.Phases[1].Cycles);
  // The warps' own time (no barrier to wait at) stays the average.
  EXPECT_LT(Some.WarpCycles, All.WarpCycles);
}

TEST(InstructionMix, StretchesTakeTheirLinesWavefronts) {
  // The memory model's wavefronts by line: the fill's store (line 13) and
  // load (14) before the barrier, the tile reads and the store (18) after.
  const double W = 65536 * 8;
  LineWavefronts L1 = {{{"listing_barriers.cu", 13}, 3 * W},
                       {{"listing_barriers.cu", 14}, 5 * W},
                       {{"listing_barriers.cu", 18}, 7 * W}};
  InstructionMix M = tileFill(1.25, &L1);
  ASSERT_EQ(M.Phases.size(), 2u);
  EXPECT_NEAR(M.Phases[0].Wavefronts, 8, 1e-9);
  EXPECT_NEAR(M.Phases[1].Wavefronts, 7, 1e-9);
  // Without them, none.
  EXPECT_EQ(tileFill(1.25).Phases[0].Wavefronts, 0);
}

} // namespace

namespace {

TEST(InstructionMix, OuterLoopCodeOnAnInnerLoopsLineRunsOncePerOuterTrip) {
  // warp_rows of Inputs/sass/listing_loops.cu, 4 blocks of 256 threads (32
  // warps) over 1024 rows of 4096 floats: 1024 warp trips of the row loop,
  // 131072 of the lane loop (unrolled by 16). The lane loop's setup and
  // remainder tests are in the row loop's body on the lane loop's line:
  // they run per row, not per lane-loop trip. The H200 issued 364,352 warp
  // instructions for this launch (ncu, docs/accuracy/ladders9/raw).
  static const SassListing Listing = loadListing("listing_loops.sass");
  const SassFunction *F = Listing.find("_Z9warp_rowsPKfPfii");
  ASSERT_NE(F, nullptr);
  const double W = 32, T = W * 32, Rows = 1024, Trips = Rows * 128;
  std::vector<BoundLine> Lines;
  for (BoundLine L :
       {line(7, T, W), line(8, T, W), line(9, Rows * 32, Rows, loopHeader()),
        line(11, Rows * 32, Rows), line(12, Rows * 32, Rows),
        line(13, Trips * 32, Trips, loopHeader()),
        line(14, Trips * 32, Trips, work(1, 4, 0)),
        line(15, Rows * 5 * 32, Rows * 5, loopHeader()),
        line(16, Rows * 5 * 32, Rows * 5, work(1)), line(17, Rows * 32, Rows),
        line(18, Rows, Rows, work(0, 0, 4))}) {
    L.File = "/src/listing_loops.cu";
    Lines.push_back(L);
  }
  InstructionMix Mix = countInstructions(*F, Lines, W);
  EXPECT_NEAR(Mix.Total, 364352, 0.15 * 364352);
  EXPECT_NEAR(Mix.GlobalLoadInstructions, Trips, 0.01 * Trips);
  // The unrolled lane loop issues its 16 loads before it waits for them.
  EXPECT_GE(Mix.LoadsInFlight, 11u);
  EXPECT_LE(Mix.LoadsInFlight, 16u);
}

} // namespace

namespace {

TEST(InstructionMix, AnInnerLoopsSetupRunsOncePerEntry) {
  // rows_inline of Inputs/sass/listing_loops.cu, 32 blocks of 256 threads
  // (256 warps) over 2048 rows of 8192 floats: the row loop's head block
  // holds only the lane loop's setup, on the lane loop's line, whose count
  // is the lane loop's 524288 warp trips. Counted per row instead, the
  // unrolled loop's 37 instructions per 16 loads dominate: about 2.3
  // instructions a load, where counting the setup per trip made it 16.
  static const SassListing Listing = loadListing("listing_loops.sass");
  const SassFunction *F = Listing.find("_Z11rows_inlinePKfPfii");
  ASSERT_NE(F, nullptr);
  const double W = 256, T = W * 32, Rows = 2048, Trips = Rows * 256;
  std::vector<BoundLine> Lines;
  for (BoundLine L :
       {line(25, T, W), line(26, Rows * 32, Rows, loopHeader()),
        line(28, Rows * 32, Rows), line(29, Trips * 32, Trips, loopHeader()),
        line(30, Trips * 32, Trips, work(1, 4, 0)),
        line(31, Rows * 5 * 32, Rows * 5, loopHeader()),
        line(32, Rows * 5 * 32, Rows * 5, work(1)), line(33, Rows * 32, Rows),
        line(34, Rows, Rows, work(0, 0, 4))}) {
    L.File = "/src/listing_loops.cu";
    Lines.push_back(L);
  }
  InstructionMix Mix = countInstructions(*F, Lines, W);
  EXPECT_NEAR(Mix.GlobalLoadInstructions, Trips, 0.01 * Trips);
  EXPECT_LT(Mix.Total, 3 * Trips);
  EXPECT_GT(Mix.Total, 2 * Trips);
}

} // namespace

TEST(InstructionMix, LibraryLoopAtACallRunsAsItsOwnLinesSay) {
  // listing_curand.cu over 4 x 256 threads (32 warps): curand_init's
  // skip-ahead runs 352 matrix products over the warps, each 800 XORs of a
  // table word (line 326 of the toolkit's header, unrolled 16 bits x 5
  // words = 80 copies) and 5 stores of the state (line 332). The loop's
  // other instructions are on the call's line 8, whose own work (the
  // state's 48 bytes) is straight-line: they do not make its block run
  // once per warp.
  SassListing L = loadListing("listing_curand.sass");
  const SassFunction *F = L.find("_Z4seedP17curandStateXORWOW");
  ASSERT_NE(F, nullptr);
  const double T = 1024, W = 32, Products = 352;
  auto header = [](unsigned Line, double Warps, double Lanes, LineWork Work) {
    BoundLine B;
    B.File = "/usr/local/cuda/include/curand_kernel.h";
    B.Line = B.StatementLine = Line;
    B.WarpExecutions = Warps;
    B.Executions = Warps * Lanes;
    B.PerRun = Work;
    return B;
  };
  LineWork Table = work(0, 4);
  Table.CacheResident = true;
  BoundLine Tid = line(7, T, W), Call = line(8, T, W, work(0, 0, 48));
  Tid.File = Call.File = "/src/listing_curand.cu";
  std::vector<BoundLine> Lines = {Tid, Call,
                                  header(326, 800 * Products, 16, Table),
                                  header(332, 5 * Products, 32, work(0, 0, 4))};
  InstructionMix M = countInstructions(*F, Lines, W);
  EXPECT_DOUBLE_EQ(M.GlobalLoadInstructions, 800 * Products);
  const InstructionMix::BlockRuns *Body = nullptr;
  for (const InstructionMix::BlockRuns &B : M.BlockCounts)
    if (!Body || B.Instructions > Body->Instructions)
      Body = &B;
  ASSERT_NE(Body, nullptr);
  EXPECT_TRUE(Body->InLoop);
  EXPECT_DOUBLE_EQ(Body->Runs, 800 * Products / 80);
}
