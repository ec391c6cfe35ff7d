//===- LatencyBoundTest.cpp - Little's law as a ceiling on DRAM time ------===//
#include "analyzer/models/LatencyBound.h"
#include "analyzer/hw/DramLatency.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/models/KernelResources.h"
#include "analyzer/models/LatencyHiding.h"
#include "analyzer/report/DiagnosticRenderer.h"
#include "analyzer/report/FindingText.h"
#include "analyzer/report/JsonRenderer.h"
#include "analyzer/report/ReportFindings.h"
#include "analyzer/report/VerdictFinding.h"

#include <nlohmann/json.hpp>

#include "ReportFixtures.h"

#include <gtest/gtest.h>

using namespace rla;
using namespace rla::fixtures;

namespace {

/// saxpy on an H200 at full occupancy: 2 loads + 1 store of 4 B a thread.
LatencyBoundInput saxpyOnH200() {
  LatencyBoundInput In;
  In.SmCount = 132;
  In.ActiveWarpsPerSm = 64;
  In.WarpSize = 32;
  In.AccessesPerThread = 3;
  In.AccessBytesPerThread = 12;
  In.LatencySeconds = 1e-6;
  return In;
}

TEST(LatencyBound, LittlesLawBandwidth) {
  LatencyBoundResult R = evaluateLatencyBound(saxpyOnH200());
  ASSERT_TRUE(R.Known);
  EXPECT_DOUBLE_EQ(R.InFlightBytesPerThread, 12);
  EXPECT_DOUBLE_EQ(R.ConcurrentWarps, 132 * 64);
  // 132 x 64 x 32 x 12 B / 1 us = 3.24 TB/s.
  EXPECT_NEAR(R.Bandwidth, 3.244e12, 1e9);
}

TEST(LatencyBound, AccessesInFlightAreCappedAtTheHighEnd) {
  LatencyBoundInput In = saxpyOnH200();
  In.AccessesPerThread = 64; // a loop of 64 loads of 8 B
  In.AccessBytesPerThread = 64 * 8;
  LatencyBoundResult Capped = evaluateLatencyBound(In);
  EXPECT_DOUBLE_EQ(Capped.InFlightBytesPerThread,
                   MaxIndependentLoadsPerThread * 8);
  In.CapAccesses = false;
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).InFlightBytesPerThread, 64 * 8);
}

TEST(LatencyBound, CompiledCodeThatIssuesMoreLoadsRaisesTheCap) {
  LatencyBoundInput In = saxpyOnH200();
  In.AccessesPerThread = 64;
  In.AccessBytesPerThread = 64 * 8;
  // A loop unrolled by 16: its loads are in flight together.
  In.CompiledLoadsInFlight = 16;
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).InFlightBytesPerThread, 16 * 8);
  // A chase that waits for each load keeps the assumed cap: one in flight
  // at the idle latency is not the loaded latency this term uses.
  In.CompiledLoadsInFlight = 1;
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).InFlightBytesPerThread,
                   MaxIndependentLoadsPerThread * 8);
  // Never more than the thread has.
  In.CompiledLoadsInFlight = 100;
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).InFlightBytesPerThread, 64 * 8);
}

TEST(LatencyBound, ScatteredLoadsKeepTheirSectorsInFlight) {
  // A chase: one 4-byte load per lane, each bringing a 32-byte sector.
  LatencyBoundInput In = saxpyOnH200();
  In.AccessesPerThread = 256;
  In.AccessBytesPerThread = 256 * 4;
  In.DramBytesPerLoadByte = 8;
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).InFlightBytesPerThread,
                   MaxIndependentLoadsPerThread * 32);
  // Reuse (fewer DRAM bytes than requested) keeps the requested bytes.
  In.DramBytesPerLoadByte = 0.25;
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).InFlightBytesPerThread,
                   MaxIndependentLoadsPerThread * 4);
}

TEST(LatencyBound, FewSectorsInFlightWaitLess) {
  // The H200's chases: 339 ns alone, 594 ns with 16384 sectors in flight.
  LatencyBoundInput In = saxpyOnH200();
  In.LatencySeconds = 850e-9;
  In.UnloadedLatencySeconds = 339e-9;
  In.LatencySecondsPerSector = (594e-9 - 339e-9) / 16384;
  // 4 blocks of 8 warps, 12 B per thread: 32 x 32 x 12 / 32 = 384 sectors.
  In.LaunchWarps = 32;
  LatencyBoundResult Few = evaluateLatencyBound(In);
  EXPECT_NEAR(Few.LatencySeconds, 339e-9 + 384 * (255e-9 / 16384), 1e-12);
  EXPECT_NEAR(Few.Bandwidth, 32 * 32 * 12 / Few.LatencySeconds, 1);
  // A full GPU of streaming warps: the loaded latency, never more.
  In.LaunchWarps = 0;
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).LatencySeconds, 850e-9);
  // Without the unloaded latency, the loaded one throughout.
  In.LaunchWarps = 32;
  In.UnloadedLatencySeconds = 0;
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).LatencySeconds, 850e-9);
}

TEST(LatencyBound, SmallGridKeepsOnlyItsOwnWarps) {
  LatencyBoundInput In = saxpyOnH200();
  In.LaunchWarps = 100; // fewer than the 8448 the SMs could hold
  LatencyBoundResult R = evaluateLatencyBound(In);
  EXPECT_DOUBLE_EQ(R.ConcurrentWarps, 100);
  EXPECT_NEAR(R.Bandwidth, 100 * 32 * 12 / 1e-6, 1);
  In.LaunchWarps = 1e6; // more than a wave: the SMs' limit holds
  EXPECT_DOUBLE_EQ(evaluateLatencyBound(In).ConcurrentWarps, 132 * 64);
}

TEST(LatencyBound, MissingInputsGiveNoTerm) {
  for (int Field = 0; Field < 4; ++Field) {
    LatencyBoundInput In = saxpyOnH200();
    if (Field == 0)
      In.SmCount = 0;
    if (Field == 1)
      In.ActiveWarpsPerSm = 0;
    if (Field == 2)
      In.AccessesPerThread = 0;
    if (Field == 3)
      In.LatencySeconds = 0;
    EXPECT_FALSE(evaluateLatencyBound(In).Known) << Field;
  }
}

TEST(LatencyBound, TheVerdictTakesItOnlyWhenLonger) {
  // 805 MB over 4.8 TB/s = 168 us; at 3.24 TB/s it takes 248 us.
  RooflineResult R = roofline(134e6, 805.3e6, 67e12, 4.8e12);
  ASSERT_EQ(R.Verdict, Level::Dram);
  R.DramBytes = 805.3e6;
  double Dram = R.MemoryTime;
  applyLatencyBound(R, evaluateLatencyBound(saxpyOnH200()));
  decideVerdict(R);
  EXPECT_TRUE(R.LatencyKnown);
  EXPECT_EQ(R.Verdict, Level::Latency);
  EXPECT_NEAR(R.PredictedTime, 248.2e-6, 0.1e-6);
  EXPECT_DOUBLE_EQ(R.LatencyTime, R.PredictedTime);
  EXPECT_DOUBLE_EQ(R.MemoryTime, Dram); // the DRAM time is kept
  EXPECT_STREQ(verdictName(R.Verdict), "latency");
  EXPECT_TRUE(isMemorySide(R.Verdict));

  // 24 B in flight per thread sustain more than the DRAM peak: no change.
  RooflineResult Wide = roofline(134e6, 1610e6, 67e12, 4.8e12);
  Wide.DramBytes = 1610e6;
  LatencyBoundInput In = saxpyOnH200();
  In.AccessBytesPerThread = 24;
  applyLatencyBound(Wide, evaluateLatencyBound(In));
  decideVerdict(Wide);
  EXPECT_TRUE(Wide.LatencyKnown);
  EXPECT_EQ(Wide.Verdict, Level::Dram);
  EXPECT_LT(Wide.LatencyTime, Wide.PredictedTime);

  // An undecided verdict stays undecided, with the term still reported.
  RooflineResult Unknown;
  Unknown.DramBytes = 805.3e6;
  Unknown.MemoryKnown = false; // no DRAM bandwidth: a side of the max

  applyLatencyBound(Unknown, evaluateLatencyBound(saxpyOnH200()));
  decideVerdict(Unknown);
  EXPECT_FALSE(Unknown.Verdict.has_value());
  EXPECT_EQ(Unknown.PredictedTime, 0);
}

TEST(DramLatency, GpuValueElseTheTablesAssumption) {
  ArchitectureTable T;
  std::string Error;
  ASSERT_TRUE(T.loadDefault(Error)) << Error;
  GpuSpec G = l40s();
  DramLatency Assumed = dramLatencyOf(G, T);
  EXPECT_TRUE(Assumed.Assumed);
  EXPECT_DOUBLE_EQ(Assumed.Seconds, T.assumedDramLatencyNs() / 1e9);
  EXPECT_EQ(Assumed.Source, T.dramLatencySource());
  G.DramLatency = sourced(850e-9);
  DramLatency Own = dramLatencyOf(G, T);
  EXPECT_FALSE(Own.Assumed);
  EXPECT_DOUBLE_EQ(Own.Seconds, 850e-9);
}

TEST(DramLatency, ShippedH200IsFittedOthersAssumed) {
  GpuDatabase Db;
  std::string Error;
  ASSERT_TRUE(Db.loadDefault(Error)) << Error;
  const GpuSpec *H200 = Db.find("H200");
  ASSERT_NE(H200, nullptr);
  ASSERT_TRUE(H200->DramLatency.has_value());
  EXPECT_NEAR(H200->DramLatency->Value, 850e-9, 1e-12); // "ns" -> seconds
  EXPECT_EQ(H200->DramLatency->Source.rfind("measured", 0), 0u);
  const GpuSpec *H100 = Db.find("H100 SXM");
  ASSERT_NE(H100, nullptr);
  ASSERT_TRUE(H100->DramLatency.has_value());
  EXPECT_FALSE(Db.find("L40S")->DramLatency.has_value());
}

/// A bound launch of 3 accesses (12 B) a thread, verdict from the roofline.
Report streamingReport(const GpuSpec *G, double Blocks) {
  Report R;
  R.Gpus = {G};
  KernelReport K;
  K.Model.Name = "scale";
  K.Model.MangledName = "_Z5scalePfi";
  K.Launch.Grid = {Rational(int64_t(Blocks)), Rational(1), Rational(1)};
  K.Launch.Block = {Rational(256), Rational(1), Rational(1)};
  K.Launch.DynamicSmem = Rational(0);
  double Threads = Blocks * 256;
  BoundTotals T;
  T.set(Metric::GlobalLoads, {2 * Threads, 2 * Threads});
  T.set(Metric::GlobalStores, {Threads, Threads});
  T.set(Metric::GlobalLoadBytes, {8 * Threads, 8 * Threads});
  T.set(Metric::GlobalStoreBytes, {4 * Threads, 4 * Threads});
  K.Totals = T;
  RooflineInput In;
  In.Flops[unsigned(Precision::FP32)] = 2 * Threads;
  In.DramBytes = 12 * Threads;
  GpuVerdict V;
  V.Gpu = G;
  V.Low = V.High = evaluateRoofline(In, *G);
  K.Verdicts.push_back(V);
  R.Kernels.push_back(K);
  return R;
}

ResourceOptions sm89(const ArchitectureTable &T, unsigned Registers) {
  ResourceOptions O;
  O.Archs = &T;
  O.Compile = [Registers](const std::string &, PtxasReport &Out, Note &) {
    Out = parsePtxasOutput(
        "ptxas info    : Compiling entry function '_Z5scalePfi' for "
        "'sm_89'\nptxas info    : Used " +
        std::to_string(Registers) +
        " registers, used 0 barriers, 360 bytes cmem[0]\n");
    return true;
  };
  return O;
}

/// The stages after the roofline, as the pipeline runs them.
void attachLatencyStages(Report &R, const ResourceOptions &O) {
  runStages(R, O, {"occupancy", "latency", "verdict", "occupancy-advice"});
}

TEST(LatencyBound, OccupancyStageAppliesItWithTheGpusLatency) {
  ArchitectureTable T;
  std::string Error;
  ASSERT_TRUE(T.loadDefault(Error)) << Error;
  GpuSpec G = l40s();
  G.SmCount = sourced(142);
  G.DramLatency = sourced(2e-6);
  // 128 registers: 16 warps per SM; 142 x 16 x 32 x 8 B / 2 us = 291 GB/s,
  // a third of the 864 GB/s peak (the two loads' bytes: a store is posted,
  // no warp waits for it).
  Report R = streamingReport(&G, 65536);
  attachLatencyStages(R, sm89(T, 128));
  const RooflineResult &Hi = R.Kernels[0].Verdicts[0].High;
  ASSERT_TRUE(Hi.LatencyKnown);
  EXPECT_NEAR(Hi.LatencyBandwidth, 142.0 * 16 * 32 * 8 / 2e-6, 1e3);
  EXPECT_EQ(Hi.Verdict, Level::Latency);
  EXPECT_NEAR(Hi.PredictedTime, Hi.LatencyTime, 1e-12);
  EXPECT_GT(Hi.PredictedTime, Hi.MemoryTime);
  EXPECT_DOUBLE_EQ(Hi.LatencySeconds, 2e-6);
  // The low-occupancy warning reasons with the same latency.
  bool Warned = false;
  for (const Finding &F : R.Kernels[0].Findings)
    if (F.Id == "rl-low-occupancy") {
      Warned = true;
      EXPECT_NE(findingText(F).find("2000 ns measured latency"),
                std::string::npos)
          << F.Message;
    }
  EXPECT_TRUE(Warned);

  // Unknown occupancy (no ptxas entry): no latency term, verdict unchanged.
  Report Unknown = streamingReport(&G, 65536);
  ResourceOptions None = sm89(T, 128);
  None.Compile = [](const std::string &, PtxasReport &, Note &) {
    return true;
  };
  attachLatencyStages(Unknown, None);
  const RooflineResult &U = Unknown.Kernels[0].Verdicts[0].High;
  EXPECT_FALSE(U.LatencyKnown);
  EXPECT_EQ(U.Verdict, Level::Dram);
}

/// A report whose verdict on G is latency-bound (the stage test's setup).
Report latencyBoundReport(const GpuSpec &G, const ArchitectureTable &T) {
  Report R = streamingReport(&G, 65536);
  attachLatencyStages(R, sm89(T, 128));
  R.InputFile = "k.cu";
  R.Kernels[0].Model.Location = SourceLoc{"k.cu", 3, 17};
  return R;
}

TEST(LatencyBound, EveryOutputNamesTheLatencyVerdict) {
  ArchitectureTable T;
  std::string Error;
  ASSERT_TRUE(T.loadDefault(Error)) << Error;
  GpuSpec G = l40s();
  G.SmCount = sourced(142);
  G.DramLatency = sourced(2e-6);
  Report R = latencyBoundReport(G, T);
  ASSERT_EQ(R.Kernels[0].Verdicts[0].High.Verdict, Level::Latency);

  std::optional<Finding> V = verdictFinding(R.Kernels[0]);
  ASSERT_TRUE(V);
  EXPECT_EQ(V->Id, "rl-memory-bound");
  EXPECT_EQ(V->Message, "scale is latency-bound on L40S");

  std::string Diag = renderDiagnostics(R);
  EXPECT_NE(Diag.find("remark: scale is latency-bound on L40S: 2272 resident "
                      "warps x 8.00 B of loads in flight per thread / 2.00 "
                      "us DRAM latency sustain 291 GB/s: the loads' 134 MB "
                      "of DRAM take 462 us, more than the DRAM roofline's "
                      "233 us at 864 GB/s"),
            std::string::npos)
      << Diag;

  nlohmann::ordered_json J = nlohmann::ordered_json::parse(renderJson(R));
  const auto &K = J["kernels"][0];
  EXPECT_EQ(K["bound"], "latency");
  EXPECT_EQ(K["predicted_time_s"], K["latency_time_s"]);
  EXPECT_EQ(K["verdicts"][0]["dram_latency_s"], 2e-6);
  EXPECT_EQ(K["verdicts"][0]["in_flight_bytes_per_thread"], 8);

  // Whole-run consumers (SARIF, --fail-on) word it from the JSON alike.
  bool Found = false;
  for (const ReportFinding &F : reportFindings(J))
    if (F.F.Id == "rl-memory-bound") {
      Found = true;
      EXPECT_EQ(F.F.Message, "scale is latency-bound on L40S");
    }
  EXPECT_TRUE(Found);
}

} // namespace

TEST(LatencyBound, FewerAccessesMoveProportionallyFewerDramBytes) {
  // A guard that may skip the loads: 0.0156 .. 8 B per thread, while the
  // memory model's 134 MB follow every access. The low end moves its share.
  EXPECT_DOUBLE_EQ(latencyDramBytes(134e6, 1, 8), 134e6 / 8);
  EXPECT_DOUBLE_EQ(latencyDramBytes(134e6, 8, 8), 134e6);
  EXPECT_DOUBLE_EQ(latencyDramBytes(134e6, 0, 0), 134e6);
  // The two ends of the latency time keep their order.
  LatencyBoundInput Few = saxpyOnH200(), All = saxpyOnH200();
  Few.AccessesPerThread = 1.0 / 256;
  Few.AccessBytesPerThread = 4.0 / 256;
  Few.CapAccesses = false;
  All.AccessesPerThread = 3;
  All.AccessBytesPerThread = 8 + 4.0 / 256;
  RooflineResult Low, High;
  Low.DramBytes = High.DramBytes = 134e6;
  applyLatencyBound(Low, evaluateLatencyBound(Few),
                    latencyDramBytes(134e6, Few.AccessBytesPerThread,
                                     All.AccessBytesPerThread));
  applyLatencyBound(High, evaluateLatencyBound(All));
  EXPECT_LE(Low.LatencyTime, High.LatencyTime * 1.0001);
}
