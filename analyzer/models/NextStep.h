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
  /// latency term: fixedTime adds the current one).
  RooflineResult Fixed;
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

/// The predicted time of a fix: its roofline, with Current's latency term
/// applied to its DRAM bytes (what the resident warps sustain does not
/// change with the sectors a fix saves) and Current's launch costs (the
/// blocks stay the same); Bound, when given, is set to the level that wins.
double fixedTime(const RooflineResult &Current, const RooflineResult &Fixed,
                 Bound *Winner = nullptr);

/// What the occupancy limiter holds back: the warps per SM the other
/// limits would allow. Unset when the limiter is the warp limit itself or
/// nothing else bounds the blocks.
struct OccupancyLift {
  std::string Limiter; ///< "registers", "shared_memory", "blocks", ...
  double FromWarpsPerSm = 0, ToWarpsPerSm = 0;
};
std::optional<OccupancyLift> occupancyLift(const OccupancyResult &O,
                                           unsigned WarpSize);

/// Current's time with the latency term recomputed for ToWarps resident
/// warps per SM instead of FromWarps (Little's law: bandwidth in
/// proportion to the warps in flight, up to the launch's own warps);
/// unset when Current has no latency term.
std::optional<double> timeWithWarps(const RooflineResult &Current,
                                    const OccupancyLift &Lift, double SmCount,
                                    double LaunchWarps);

/// The change that saves the most on one GPU.
struct NextStep {
  enum Kind { AtRoof, Fix, Occupancy } What = AtRoof;
  const SiteFix *Site = nullptr;     ///< for Fix
  std::optional<OccupancyLift> Lift; ///< for Occupancy
  double Before = 0, After = 0;      ///< predicted seconds
  /// What bounds the launch after the change (Unknown for Occupancy: the
  /// latency term is all the lift changes).
  Bound AfterBound = Bound::Unknown;
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
