//===- OccupancyStageTest.cpp - Resources, occupancy and their warnings ---===//
#include "analyzer/models/KernelResources.h"
#include "analyzer/models/LatencyHiding.h"
#include "analyzer/models/Occupancy.h"
#include "analyzer/report/FindingText.h"

#include "ModelFixtures.h"
#include "ReportFixtures.h"

#include <gtest/gtest.h>

using namespace rla;
using namespace rla::fixtures;

namespace {

GpuSpec l40sWithSms() {
  GpuSpec G = l40s();
  G.SmCount = sourced(142);
  return G;
}

std::string ptxas(unsigned Regs, unsigned SpillStores = 0) {
  return "ptxas info    : Compiling entry function '_Z5scalePfi' for "
         "'sm_89'\n"
         "ptxas info    : Function properties for _Z5scalePfi\n"
         "    0 bytes stack frame, " +
         std::to_string(SpillStores) + " bytes spill stores, " +
         std::to_string(SpillStores) + " bytes spill loads\n" +
         "ptxas info    : Used " + std::to_string(Regs) +
         " registers, used 0 barriers, 360 bytes cmem[0]\n";
}

/// scale: one 4-byte load and one store per thread, 1M threads, bound by
/// memory (or by compute when Compute is set).
Report scaleReport(const GpuSpec *G, bool Compute = false,
                   std::optional<Rational> Block = Rational(256)) {
  Report R;
  R.Gpus = {G};
  KernelReport K;
  K.Model.Name = "scale";
  K.Model.MangledName = "_Z5scalePfi";
  K.Launch.Grid = {Rational(4096), Rational(1), Rational(1)};
  K.Launch.Block = {Block, Rational(1), Rational(1)};
  K.Launch.DynamicSmem = Rational(0);
  BoundTotals T;
  double Threads = 4096.0 * 256;
  T.set(Metric::GlobalLoads, {Threads, Threads});
  T.set(Metric::GlobalLoadBytes, {4 * Threads, 4 * Threads});
  K.Totals = T;
  GpuVerdict V;
  V.Gpu = G;
  V.Low.Verdict = V.High.Verdict = Compute ? Level::Compute : Level::Dram;
  K.Verdicts.push_back(V);
  R.Kernels.push_back(K);
  return R;
}

ResourceOptions withPtxas(const std::string &Text, unsigned *Calls) {
  ResourceOptions O;
  O.Archs = &fixtures::architectureTable();
  O.Compile = [Text, Calls](const std::string &Arch, PtxasReport &Out,
                            Note &) {
    EXPECT_EQ(Arch, "sm_89");
    if (Calls)
      ++*Calls;
    Out = parsePtxasOutput(Text);
    return true;
  };
  return O;
}

/// Occupancy and its advice on reports whose verdicts the fixture sets.
void attachOccupancy(Report &R, const ResourceOptions &O) {
  runStages(R, O, {"occupancy", "latency", "occupancy-advice"});
}

const Finding *finding(const KernelReport &K, const std::string &Id) {
  for (const Finding &F : K.Findings)
    if (F.Id == Id)
      return &F;
  return nullptr;
}

TEST(OccupancyStage, FillsOccupancyFromPtxas) {
  GpuSpec G = l40sWithSms();
  Report R = scaleReport(&G);
  attachOccupancy(R, withPtxas(ptxas(64), nullptr));
  ASSERT_EQ(R.Kernels[0].Occupancies.size(), 1u);
  const OccupancyOnGpu &O = R.Kernels[0].Occupancies[0];
  ASSERT_TRUE(O.Result) << int(O.Unknown.Id);
  EXPECT_EQ(O.Result->RegistersPerThread, 64u);
  EXPECT_EQ(O.Result->ActiveWarpsPerSm, 32u);
  EXPECT_EQ(O.Resources->Arch, "sm_89");
}

TEST(OccupancyStage, CompilesOncePerArchitecture) {
  GpuSpec A = l40sWithSms(), B = l40sWithSms();
  B.Name = "L40";
  Report R = scaleReport(&A);
  R.Gpus.push_back(&B);
  R.Kernels.push_back(R.Kernels[0]);
  unsigned Calls = 0;
  attachOccupancy(R, withPtxas(ptxas(32), &Calls));
  EXPECT_EQ(Calls, 1u);
  for (const KernelReport &K : R.Kernels)
    EXPECT_EQ(K.Occupancies.size(), 2u);
}

TEST(OccupancyStage, LowOccupancyWarnsWhenWarpsCannotHideLatency) {
  // L40S: 864 GB/s / 142 SMs x 600 ns = 3.6 KiB in flight per SM; one 4-byte
  // load per thread is 128 B per warp: about 29 warps are needed, 128
  // registers leave 16.
  GpuSpec G = l40sWithSms();
  Report R = scaleReport(&G);
  attachOccupancy(R, withPtxas(ptxas(128), nullptr));
  const Finding *F = finding(R.Kernels[0], "rl-low-occupancy");
  ASSERT_NE(F, nullptr);
  EXPECT_NE(
      findingText(*F).find("occupancy 33% on L40S (16 of 48 warps per SM, "
                           "limited by registers)"),
      std::string::npos)
      << findingText(*F);
  EXPECT_NE(findingText(*F).find("about 29 warps"), std::string::npos)
      << findingText(*F);
  EXPECT_NE(findingText(*F).find("__launch_bounds__(256, "), std::string::npos)
      << findingText(*F);
}

/// Advice that names a number is checked by the model that computed it:
/// with the registers cap it names, the occupancy calculator gives the
/// blocks it promises, and with one register more it does not.
TEST(OccupancyStage, FollowingTheRegisterAdviceReachesItsBlocks) {
  GpuSpec G = l40sWithSms();
  const ArchitectureLimits *A = fixtures::architectureTable().find(8, 9);
  ASSERT_NE(A, nullptr);
  unsigned Checked = 0;
  for (unsigned Block : {128u, 256u, 512u})
    for (unsigned Regs = 72; Regs <= 255; Regs += 8) {
      Report R = scaleReport(&G, false, Rational(Block));
      attachOccupancy(R, withPtxas(ptxas(Regs), nullptr));
      const Finding *F = finding(R.Kernels[0], "rl-low-occupancy");
      if (!F || !F->Data.count("registers_cap"))
        continue;
      unsigned Cap = std::get<double>(F->Data.at("registers_cap"));
      unsigned Needed = std::get<double>(F->Data.at("blocks_needed"));
      auto Blocks = [&](unsigned RegsPerThread) {
        KernelResourceUse Use;
        Use.Registers = RegsPerThread;
        Note Error;
        auto O = computeOccupancy(*A, Use, Block, 0, Error);
        return O ? O->ActiveBlocksPerSm : 0u;
      };
      EXPECT_GE(Blocks(Cap), Needed) << Block << " threads, " << Regs;
      EXPECT_LT(Blocks(Cap + 1), Needed) << Block << " threads, " << Regs;
      EXPECT_NE(findingText(*F).find("cap registers at " + std::to_string(Cap) +
                                     " per thread"),
                std::string::npos)
          << findingText(*F);
      ++Checked;
    }
  // The loop must have checked real advice.
  EXPECT_GE(Checked, 10u);
}

TEST(OccupancyStage, NoWarningWhenEnoughWarpsOrNotMemoryBound) {
  GpuSpec G = l40sWithSms();
  // 64 registers: 32 warps keep 4 KiB in flight, enough; 67% is fine.
  Report Enough = scaleReport(&G);
  attachOccupancy(Enough, withPtxas(ptxas(64), nullptr));
  EXPECT_EQ(finding(Enough.Kernels[0], "rl-low-occupancy"), nullptr);
  // 128 registers, but compute-bound: occupancy is not the problem.
  Report Compute = scaleReport(&G, /*Compute=*/true);
  attachOccupancy(Compute, withPtxas(ptxas(128), nullptr));
  EXPECT_EQ(finding(Compute.Kernels[0], "rl-low-occupancy"), nullptr);
}

TEST(OccupancyStage, SpillsAreReported) {
  GpuSpec G = l40sWithSms();
  Report R = scaleReport(&G);
  attachOccupancy(R, withPtxas(ptxas(32, 96), nullptr));
  const Finding *F = finding(R.Kernels[0], "rl-spills");
  ASSERT_NE(F, nullptr);
  EXPECT_NE(
      findingText(*F).find("96 bytes of spill stores and 96 bytes of spill "
                           "loads per thread"),
      std::string::npos)
      << findingText(*F);
  EXPECT_NE(findingText(*F).find("local-memory"), std::string::npos);
  // The model gives numbers; the words are the report's.
  EXPECT_TRUE(F->Message.empty());
  EXPECT_EQ(std::get<double>(F->Data.at("spill_store_bytes")), 96);
  EXPECT_EQ(std::get<std::string>(F->Data.at("kernel")), "scale");
}

TEST(OccupancyStage, UnknownWithAReason) {
  GpuSpec G = l40sWithSms();
  Report Unbound = scaleReport(&G, false, std::nullopt);
  attachOccupancy(Unbound, withPtxas(ptxas(32), nullptr));
  const OccupancyOnGpu &U = Unbound.Kernels[0].Occupancies[0];
  EXPECT_FALSE(U.Result);
  EXPECT_TRUE(U.Resources); // registers are still known
  EXPECT_EQ(U.Unknown, note(NoteId::BlockSizeUnknown, {{"kernel", "scale"}}));

  Report NoNvcc = scaleReport(&G);
  ResourceOptions O;
  O.Archs = &fixtures::architectureTable();
  O.Disabled = note(NoteId::ResourcesNeedNvcc, {},
                    {note(NoteId::ToolkitProgramNotFound,
                          {{"tool", "nvcc"}, {"cuda_path", ""}})});
  attachOccupancy(NoNvcc, O);
  EXPECT_EQ(NoNvcc.Kernels[0].Occupancies[0].Unknown, *O.Disabled);

  Report Failed = scaleReport(&G);
  ResourceOptions F;
  F.Archs = &fixtures::architectureTable();
  const Note NvccFailed =
      note(NoteId::NvccCompileFailed,
           {{"arch", "sm_89"}, {"exit", 1.0}, {"output", "error"}});
  F.Compile = [NvccFailed](const std::string &, PtxasReport &, Note &Why) {
    Why = NvccFailed;
    return false;
  };
  attachOccupancy(Failed, F);
  EXPECT_EQ(Failed.Kernels[0].Occupancies[0].Unknown, NvccFailed);

  Report Missing = scaleReport(&G);
  attachOccupancy(Missing,
                  withPtxas("ptxas info    : 0 bytes gmem\n", nullptr));
  const Note &NoResources = Missing.Kernels[0].Occupancies[0].Unknown;
  EXPECT_EQ(NoResources.Id, NoteId::NoPtxasResources);
  EXPECT_EQ(NoResources.Data.at("kernel"), FindingValue("scale"));
}

TEST(OccupancyStage, MapsKernelsByMangledDemangledAndBaseName) {
  PtxasReport P = parsePtxasOutput(
      "ptxas info    : Compiling entry function '_Z4tileIfLi256EEvPKT_PS0_' "
      "for 'sm_90'\n"
      "ptxas info    : Used 14 registers, used 1 barriers, 1024 bytes smem\n"
      "ptxas info    : Compiling entry function '_Z4tileIdLi128EEvPKT_PS0_' "
      "for 'sm_90'\n"
      "ptxas info    : Used 12 registers, used 1 barriers, 1024 bytes smem\n"
      "ptxas info    : Compiling entry function '_ZN2ns6uniqueEPf' for "
      "'sm_90'\n"
      "ptxas info    : Used 8 registers, used 0 barriers\n");
  EXPECT_EQ(findKernelResources(P, "sm_90", "_Z4tileIdLi128EEvPKT_PS0_", "x")
                ->Registers,
            12u);
  EXPECT_EQ(findKernelResources(P, "sm_90", "", "tile<float, 256>")->Registers,
            14u);
  // Two instantiations share the base name: no guess.
  EXPECT_EQ(findKernelResources(P, "sm_90", "", "tile"), nullptr);
  EXPECT_EQ(findKernelResources(P, "sm_90", "", "unique")->Registers, 8u);
  EXPECT_EQ(findKernelResources(P, "sm_80", "_ZN2ns6uniqueEPf", "unique"),
            nullptr);
}

TEST(LatencyHiding, LittlesLaw) {
  LatencyHidingInput In;
  In.DramBandwidth = 4.8e12;
  In.SmCount = 132;
  In.LatencySeconds = 600e-9;
  In.LoadsPerThread = 2;
  In.LoadBytesPerThread = 8;
  In.ActiveWarpsPerSm = 32;
  In.MaxWarpsPerSm = 64;
  LatencyHidingResult R = evaluateLatencyHiding(In);
  EXPECT_NEAR(R.NeededBytesPerSm, 4.8e12 / 132 * 600e-9, 1e-6);
  EXPECT_DOUBLE_EQ(R.InFlightBytesPerWarp, 256);
  EXPECT_EQ(R.WarpsNeeded, 86u);
  EXPECT_TRUE(R.OccupancyLimited);
  // At the SM's maximum the remedy is not occupancy.
  In.ActiveWarpsPerSm = 64;
  EXPECT_FALSE(evaluateLatencyHiding(In).OccupancyLimited);
  // Many independent loads per thread: few warps suffice (capped at 4).
  In.ActiveWarpsPerSm = 32;
  In.LoadsPerThread = 64;
  In.LoadBytesPerThread = 64 * 16;
  LatencyHidingResult Ilp = evaluateLatencyHiding(In);
  EXPECT_DOUBLE_EQ(Ilp.InFlightBytesPerWarp, 4 * 16 * 32);
  EXPECT_FALSE(Ilp.OccupancyLimited);
  // No loads: nothing to say.
  In.LoadsPerThread = 0;
  EXPECT_FALSE(evaluateLatencyHiding(In).OccupancyLimited);
}

} // namespace
