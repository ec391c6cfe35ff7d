//===- IssueStage.cpp - The compiled code's instructions, issued ----------===//
///
/// \file
/// With the kernel compiled for a GPU's architecture, its SASS and the
/// source lines' runs under the launch give the warp instructions the
/// launch issues (InstructionMix.h) and the time the busiest SM needs to
/// issue them (IssueTime.h): one more compute-side term of the verdict.
//===----------------------------------------------------------------------===//
#include "analyzer/models/BlockImbalance.h"
#include "analyzer/models/KernelResources.h"
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/OccupancyStages.h"

#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>

namespace rla {
namespace {

/// The kernel's lines evaluated under the launch; false when a count does
/// not evaluate (then there is no estimate rather than a wrong one).
bool boundLines(const KernelModel &M, const Bindings &Values,
                std::vector<BoundLine> &Out) {
  for (const LineSite &L : M.Lines) {
    EvalResult E = L.Executions.evaluate(Values);
    EvalResult W = L.WarpExecutions.evaluate(Values);
    if (!E.ok() || !W.ok())
      return false;
    BoundLine B;
    B.File = L.File;
    B.Line = L.Line;
    B.CallerFile = L.CallerFile;
    B.CallerLine = L.CallerLine;
    B.StatementLine = L.StatementLine;
    B.Executions = std::max(0.0, E.Value->toDouble());
    B.WarpExecutions = std::max(0.0, W.Value->toDouble());
    B.PerRun = L.PerRun;
    Out.push_back(std::move(B));
  }
  return true;
}

/// The units' latencies in cycles; a global load's is the launch's mix of
/// L1 hits, L2 hits and DRAM (the memory model's bytes at each level, and
/// ResidentBytes of loads from lines whose tables stay in L1).
std::optional<SassLatencies>
latencies(const ArchitectureLimits &A, const MemoryEstimate *Memory,
          const std::optional<BoundTotals> &T, double WarpsPerBlock,
          double ConcurrentWarps, double ResidentBytes) {
  const UnitLatencies &U = A.Latencies;
  if (!U.known() || !Memory || !Memory->Available || !T)
    return std::nullopt;
  double Requested = ResidentBytes;
  for (Metric M : {Metric::GlobalLoadBytes, Metric::GlobalStoreBytes})
    if (auto V = T->get(M))
      Requested += V->High;
  double ToL2 = Requested > 0 ? std::min(1.0, Memory->L2Bytes / Requested) : 1;
  double ToDram = Memory->L2Bytes > 0
                      ? std::min(1.0, Memory->DramBytes / Memory->L2Bytes)
                      : 1;
  double Accesses = 0;
  for (Metric M : {Metric::GlobalLoads, Metric::GlobalStores})
    if (auto V = T->get(M))
      Accesses += V->High;
  // Each resident warp waiting on one request: a request brings 32 lanes'
  // DRAM bytes per access, as many 32-byte sectors as one lane's bytes (a
  // grid of 8 blocks waits about 680 cycles for its lines, not the 1176
  // of a full GPU).
  double BytesPerAccess = Accesses > 0 ? Memory->DramBytes / Accesses : 0;
  double Dram =
      U.dramWith(ConcurrentWarps * std::max(1.0, BytesPerAccess));
  SassLatencies L;
  L.Global = U.L1 + ToL2 * (U.L2 - U.L1 + ToDram * (Dram - U.L2));
  L.L1Hit = U.L1;
  L.L2Hit = U.L2;
  L.Dram = Dram;
  L.ToL2 = ToL2;
  L.ToDram = ToL2 * ToDram;
  L.Shared = U.Shared;
  L.Constant = U.Constant;
  L.Special = U.Special;
  L.Shuffle = U.Shuffle;
  L.Fp64 = U.Fp64;
  L.Tensor = U.Tensor;
  // The barrier's latency grows with the warps that must arrive
  // (scripts/device/sync_rates.cu); U.Barrier is a 256-thread block's.
  L.Barrier = std::max(0.5 * U.Barrier,
                       U.Barrier + U.BarrierPerWarp * (WarpsPerBlock - 8));
  L.Atomic = U.L2;
  return L;
}

void addIssue(LaunchContext &C, KernelReport &K, const OccupancyOnGpu &Occ,
              const ArchitectureLimits &A) {
  const GpuSpec &G = *Occ.Gpu;
  GpuVerdict *V = verdictOn(K, G);
  if (!V || !A.Issue.known() || !G.SmCount || !G.BoostClockHz || !C.Resources ||
      K.Model.Lines.empty())
    return;
  Note Error;
  const PtxasReport *Compiled = C.Resources->forArch(G.smArch(), Error);
  if (!Compiled)
    return;
  const SassFunction *F =
      findKernelCode(*Compiled, G.smArch(), K.Model.MangledName, K.Model.Name);
  if (!F)
    return;
  std::optional<double> Threads = launchThreads(K);
  const OccupancyResult &O = *Occ.Result;
  if (!Threads || *Threads <= 0 || O.BlockSize == 0)
    return;
  double Blocks = *Threads / O.BlockSize;
  double LaunchWarps = Blocks * std::ceil(double(O.BlockSize) / A.WarpSize);
  std::vector<BoundLine> Lines;
  if (!boundLines(K.Model, C.Values, Lines))
    return;
  double ConcurrentWarps =
      std::min(LaunchWarps, O.ActiveWarpsPerSm * G.SmCount->Value);
  double ResidentBytes = 0;
  for (const BoundLine &L : Lines)
    if (L.PerRun.CacheResident)
      ResidentBytes += L.Executions * L.PerRun.GlobalLoadBytes;
  std::optional<SassLatencies> Latencies =
      latencies(A, K.Memory ? &*K.Memory : nullptr, K.Totals,
                std::ceil(double(O.BlockSize) / A.WarpSize), ConcurrentWarps,
                ResidentBytes);
  LineWavefronts Wavefronts;
  if (K.Memory && K.Memory->Available)
    for (const SiteTraffic &S : K.Memory->Sites)
      Wavefronts[{llvm::sys::path::filename(S.Loc.File).str(), S.Loc.Line}] +=
          S.L1Bytes / 128;
  InstructionMix Mix = countInstructions(
      *F, Lines, LaunchWarps, Latencies ? &*Latencies : nullptr, &Wavefronts);
  if (Mix.Total <= 0)
    return;
  WarpResidency Residency;
  Residency.WarpsPerBlock = std::ceil(double(O.BlockSize) / A.WarpSize);
  Residency.ActiveWarpsPerSm = O.ActiveWarpsPerSm;
  if (G.L1Bandwidth)
    Residency.L1WavefrontsPerClock =
        G.L1Bandwidth->Value / (128 * G.SmCount->Value * G.BoostClockHz->Value);
  if (G.L2Bandwidth)
    Residency.L2BytesPerClock =
        G.L2Bandwidth->Value / (G.SmCount->Value * G.BoostClockHz->Value);
  IssueEstimate E = estimateIssue(
      Mix, A.Issue, static_cast<unsigned>(G.SmCount->Value),
      G.BoostClockHz->Value, Blocks, Residency,
      weighBlocks(K.Model, C.Values, K.Launch, BlockWork::Instructions));
  V->Issue = E;
  double Throughput = E.ThroughputTime;
  for (RooflineResult *R : {&V->Low, &V->High}) {
    R->IssueKnown = true;
    R->IssueTime = E.Time;
    R->IssueLimiter = E.Limiter;
    R->FlopComputeTime = R->ComputeTime;
    R->IssueThroughputTime = Throughput;
    R->WarpLatencyTime = std::max(E.WarpLatencyTime, E.SyncPhaseTime);
    R->WarpLatencyFloor =
        E.WarpsPerScheduler > 0
            ? E.WarpLatencyTime *
                  std::min(1.0, E.ResidentPerScheduler / E.WarpsPerScheduler)
            : 0;
    // The slower of the FLOPs at their peak and the issue of every
    // instruction sets the compute side; the warps' latency is a latency
    // term (decideVerdict).
    if (R->ComputeKnown && Throughput > R->ComputeTime)
      R->ComputeTime = Throughput;
  }
}

class IssueStage : public LaunchStage {
public:
  const char *name() const override { return "issue"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    forEachComputedOccupancy(
        C, R,
        [&](const OccupancyOnGpu &Occ, const ArchitectureLimits &A,
            const ArchitectureTable &) { addIssue(C, R, Occ, A); });
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeIssueStage() {
  return std::make_unique<IssueStage>();
}

} // namespace rla
