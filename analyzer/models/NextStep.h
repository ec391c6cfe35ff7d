//===- NextStep.h - The change that saves the most time ---------*- C++ -*-===//
///
/// \file
/// Prices what a launch's findings ask for by running the models again with
/// the change made: an uncoalesced access moving only the sectors it needs,
/// a bank-conflicted shared access one wavefront per request, a
/// latency-bound launch with the warps its occupancy limiter holds back.
/// The saving is the current predicted time less the re-priced one; the
/// next step is the change with the largest saving. Plain numbers.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_NEXTSTEP_H
#define RLA_MODELS_NEXTSTEP_H

#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/Occupancy.h"
#include "analyzer/models/Roofline.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

/// One access's fix, re-priced on one GPU.
struct SiteFix {
  enum Kind { Coalesce, ConflictFree } What = Coalesce;
  SiteTraffic Site;
  /// The launch's roofline with the fix (at the high end of the ranges; no
  /// latency term: fixedLimiter adds the current one).
  RooflineResult Fixed;
  /// What bounds the launch with the fix, and its time (fixedLimiter, set
  /// by the NextStep stage once the verdict is known).
  Limiter After;
};

/// The most fixes priceSiteFixes prices per launch and GPU.
constexpr size_t MaxPricedFixes = 8;

/// Re-prices the launch once per improvable site of M (M: estimateMemory
/// of Model under Values on Gpu; In: the launch's roofline input at its
/// high end, whose memory levels are replaced): the MaxPricedFixes sites
/// that move the most bytes beyond their ideal.
std::vector<SiteFix> priceSiteFixes(const KernelModel &Model,
                                    const Bindings &Values, const GpuSpec &Gpu,
                                    const MemoryEstimate &M, RooflineInput In);

/// The limiter with a fix: Current's terms with the fix's memory levels
/// (DRAM, L2, L1), and Little's law on the fix's DRAM bytes at the
/// bandwidth Current's resident warps sustain (it does not change with the
/// sectors a fix saves); compute, the warps' own latency, atomics and the
/// launch costs stay Current's.
Limiter fixedLimiter(const RooflineResult &Current,
                     const RooflineResult &Fixed);

/// What the occupancy limiter holds back: the warps per SM the other
/// limits would allow. Unset when the limiter is the warp limit itself or
/// nothing else bounds the blocks.
struct OccupancyLift {
  std::string Limiter; ///< "registers", "shared_memory", "blocks", ...
  double FromWarpsPerSm = 0, ToWarpsPerSm = 0;
};
std::optional<OccupancyLift> occupancyLift(const OccupancyResult &O,
                                           unsigned WarpSize);

/// Current's limiter with the latency term recomputed for ToWarps resident
/// warps per SM instead of FromWarps (Little's law: bandwidth in
/// proportion to the warps in flight, up to the launch's own warps); unset
/// when Current has no latency term.
std::optional<Limiter> limiterWithWarps(const RooflineResult &Current,
                                        const OccupancyLift &Lift,
                                        double SmCount, double LaunchWarps);

/// The change that saves the most on one GPU.
struct NextStep {
  enum Kind { AtRoof, Fix, Occupancy } What = AtRoof;
  std::optional<size_t> FixIndex;    ///< for Fix: its index in the fixes
  std::optional<OccupancyLift> Lift; ///< for Occupancy
  double Before = 0, After = 0;      ///< predicted seconds
  /// What bounds the launch after the change (unset for Occupancy: the
  /// latency term is all the lift changes).
  std::optional<Level> AfterBound;
  double saving() const { return Before - After; }
};
/// The largest saving of at least MinShare of the predicted time, else
/// AtRoof (the bounding level is what remains).
NextStep chooseNextStep(const RooflineResult &Current,
                        const std::vector<SiteFix> &Fixes,
                        std::optional<double> LiftedTime,
                        const std::optional<OccupancyLift> &Lift,
                        double MinShare = 0.02);

} // namespace rla

#endif // RLA_MODELS_NEXTSTEP_H
