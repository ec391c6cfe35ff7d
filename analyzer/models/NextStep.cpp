//===- NextStep.cpp -------------------------------------------------------===//
#include "analyzer/models/NextStep.h"

#include <algorithm>

namespace rla {

std::vector<SiteFix> priceSiteFixes(const KernelModel &Model,
                                    const Bindings &Values, const GpuSpec &Gpu,
                                    const MemoryEstimate &M, RooflineInput In) {
  // Each fix re-runs the memory model: only the sites that waste the most
  // bytes are priced, so a kernel with many findings stays cheap.
  std::vector<const SiteTraffic *> Candidates;
  for (const SiteTraffic &S : M.Sites)
    if (S.Improvable && S.IdealBytes < S.MovedBytes)
      Candidates.push_back(&S);
  std::stable_sort(Candidates.begin(), Candidates.end(),
                   [](const SiteTraffic *A, const SiteTraffic *B) {
                     return A->MovedBytes - A->IdealBytes >
                            B->MovedBytes - B->IdealBytes;
                   });
  if (Candidates.size() > MaxPricedFixes)
    Candidates.resize(MaxPricedFixes);
  std::vector<SiteFix> Out;
  for (const SiteTraffic *Site : Candidates) {
    const SiteTraffic &S = *Site;
    MemoryEstimate Fixed =
        estimateMemory(Model, Values, Gpu, S.Site, M.State,
                       M.DynamicSharedBytes, M.Compiled, M.Allocated);
    if (!Fixed.Available)
      continue;
    In.DramBytes = Fixed.DramBytes;
    In.DramReadBytes = Fixed.DramReadBytes;
    In.DramWriteBytes = Fixed.DramWriteBytes;
    In.L2Bytes = Fixed.L2Bytes;
    In.L1Bytes = Fixed.L1Bytes;
    In.L2ScatteredStoreBytes = Fixed.ScatteredStores.SectorBytes;
    In.L2ScatteredStoreTime = Fixed.ScatteredStores.Seconds;
    Out.push_back({S.Shared ? SiteFix::ConflictFree : SiteFix::Coalesce, S,
                   evaluateRoofline(In, Gpu)});
  }
  return Out;
}

namespace {

/// The DRAM bytes Little's law prices in Current (its loads' share: a
/// store is posted), over all of Current's DRAM bytes.
double latencyShare(const RooflineResult &Current) {
  if (Current.DramBytes <= 0 || Current.LatencyBandwidth <= 0)
    return 1;
  return std::min(1.0, Current.LatencyTime * Current.LatencyBandwidth /
                           Current.DramBytes);
}

} // namespace

Limiter fixedLimiter(const RooflineResult &Current,
                     const RooflineResult &Fixed) {
  LimiterTerms T = limiterTerms(Current);
  LimiterTerms Memory = limiterTerms(Fixed);
  for (Level L : {Level::Dram, Level::L2, Level::L1})
    T[L] = Memory[L];
  if (Current.LatencyKnown && Current.LatencyBandwidth > 0) {
    double Latency =
        Fixed.DramBytes * latencyShare(Current) / Current.LatencyBandwidth;
    if (Current.IssueKnown)
      Latency = std::max(Latency, Current.WarpLatencyTime);
    T[Level::Latency] = Latency;
  }
  return chooseLimiter(T);
}

std::optional<OccupancyLift> occupancyLift(const OccupancyResult &O,
                                           unsigned WarpSize) {
  if (O.Limiting.empty() || O.BlockSize == 0 || O.MaxWarpsPerSm == 0)
    return std::nullopt;
  // The warp limit is the hardware's: nothing holds it back.
  if (std::find(O.Limiting.begin(), O.Limiting.end(), "warps") !=
      O.Limiting.end())
    return std::nullopt;
  unsigned WarpsPerBlock = (O.BlockSize + WarpSize - 1) / WarpSize;
  // The blocks per SM the limits outside the limiter allow.
  unsigned Blocks = 0;
  auto consider = [&](const char *Name, unsigned Limit) {
    if (Limit == 0 || std::find(O.Limiting.begin(), O.Limiting.end(), Name) !=
                          O.Limiting.end())
      return;
    Blocks = Blocks ? std::min(Blocks, Limit) : Limit;
  };
  consider("warps", O.BlockLimitWarps);
  consider("registers", O.BlockLimitRegisters);
  consider("shared_memory", O.BlockLimitSharedMemory);
  consider("blocks", O.BlockLimitBlocks);
  if (Blocks <= O.ActiveBlocksPerSm)
    return std::nullopt;
  OccupancyLift L;
  for (const std::string &N : O.Limiting)
    L.Limiter += (L.Limiter.empty() ? "" : "+") + N;
  L.FromWarpsPerSm = O.ActiveWarpsPerSm;
  L.ToWarpsPerSm = std::min<double>(O.MaxWarpsPerSm, Blocks * WarpsPerBlock);
  if (L.ToWarpsPerSm <= L.FromWarpsPerSm)
    return std::nullopt;
  return L;
}

std::optional<Limiter> limiterWithWarps(const RooflineResult &Current,
                                        const OccupancyLift &Lift,
                                        double SmCount, double LaunchWarps) {
  if (!Current.LatencyKnown || Current.ConcurrentWarps <= 0 || SmCount <= 0)
    return std::nullopt;
  double To = SmCount * Lift.ToWarpsPerSm;
  if (LaunchWarps > 0)
    To = std::min(To, LaunchWarps);
  double Bandwidth = Current.LatencyBandwidth * To / Current.ConcurrentWarps;
  double Latency =
      Bandwidth > 0 ? Current.LatencyTime * Current.LatencyBandwidth / Bandwidth
                    : 0;
  // The warps' own latency is hidden in proportion to the warps resident,
  // down to one round of them.
  if (Current.IssueKnown && Lift.ToWarpsPerSm > 0)
    Latency = std::max(Latency,
                       std::max(Current.WarpLatencyFloor,
                                Current.WarpLatencyTime * Lift.FromWarpsPerSm /
                                    Lift.ToWarpsPerSm));
  LimiterTerms T = limiterTerms(Current);
  T[Level::Latency] = Latency;
  return chooseLimiter(T);
}

NextStep chooseNextStep(const RooflineResult &Current,
                        const std::vector<SiteFix> &Fixes,
                        std::optional<double> LiftedTime,
                        const std::optional<OccupancyLift> &Lift,
                        double MinShare) {
  NextStep Best;
  Best.Before = Best.After = Current.PredictedTime;
  if (Current.Verdict == std::nullopt || Current.PredictedTime <= 0)
    return Best;
  double Floor = MinShare * Current.PredictedTime;
  for (size_t I = 0; I < Fixes.size(); ++I) {
    Limiter After = fixedLimiter(Current, Fixes[I].Fixed);
    if (Current.PredictedTime - After.Seconds >= Floor &&
        After.Seconds < Best.After) {
      Best.What = NextStep::Fix;
      Best.FixIndex = I;
      Best.After = After.Seconds;
      Best.AfterBound = After.At;
    }
  }
  if (LiftedTime && Lift && Current.PredictedTime - *LiftedTime >= Floor &&
      *LiftedTime < Best.After) {
    Best.What = NextStep::Occupancy;
    Best.FixIndex.reset();
    Best.Lift = Lift;
    Best.After = *LiftedTime;
    Best.AfterBound = std::nullopt;
  }
  return Best;
}

} // namespace rla
