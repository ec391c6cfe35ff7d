//===- NextStepText.cpp ---------------------------------------------------===//
#include "analyzer/report/NextStepText.h"
#include "analyzer/report/IssueText.h"
#include "analyzer/support/HumanUnits.h"

#include <cmath>

namespace rla {
namespace {

constexpr unsigned WarpSize = 32;

/// Warps the launch has: blocks x warps per block; 0 when not bound.
double launchWarps(const LaunchSpec &L) {
  double Blocks = 1, Threads = 1;
  for (unsigned D = 0; D < 3; ++D) {
    if (!L.Grid[D] || !L.Block[D])
      return 0;
    Blocks *= L.Grid[D]->toDouble();
    Threads *= L.Block[D]->toDouble();
  }
  return Blocks * std::ceil(Threads / WarpSize);
}

const OccupancyOnGpu *occupancyOn(const KernelReport &K, const GpuSpec *G) {
  for (const OccupancyOnGpu &O : K.Occupancies)
    if (O.Gpu == G && O.Result)
      return &O;
  return nullptr;
}

bool sameAction(const NextStep &A, const NextStep &B) {
  if (A.What != B.What)
    return false;
  if (A.What == NextStep::Fix)
    return A.Site->Site.Site == B.Site->Site.Site;
  return true;
}

/// What makes a launch bound by L faster once it is at its roof.
const char *roofAdvice(Bound B) {
  switch (B) {
  case Bound::Compute:
    return "only fewer FLOPs or a faster precision (tensor cores) make it "
           "faster";
  case Bound::Memory:
    return "only fewer DRAM bytes (smaller types, more re-use, fusion) make "
           "it faster";
  case Bound::L2:
    return "only fewer L2 bytes (re-use in shared memory or registers) make "
           "it faster";
  case Bound::L1:
    return "only fewer L1/shared bytes (re-use in registers, wider "
           "accesses) make it faster";
  case Bound::Latency:
    return "only more bytes in flight per thread (more independent loads) "
           "make it faster";
  case Bound::Atomics:
    return "only fewer updates per address (privatize the target per block "
           "in shared memory, reduce in the warp first) make it faster";
  case Bound::Launch:
    return "only fewer blocks (more elements per thread: a grid-stride loop "
           "over a grid of a few waves) make it faster";
  case Bound::Unknown:
    break;
  }
  return "";
}

std::string saving(const NextStep &N) {
  return "-" + formatDuration(N.saving()) + " of " + formatDuration(N.Before);
}

} // namespace

std::vector<NextStep> nextSteps(const KernelReport &K) {
  std::vector<NextStep> Out;
  for (const GpuVerdict &V : K.Verdicts) {
    std::optional<OccupancyLift> Lift;
    std::optional<double> Lifted;
    if (V.High.Verdict == Bound::Latency)
      if (const OccupancyOnGpu *O = occupancyOn(K, V.Gpu)) {
        Lift = occupancyLift(*O->Result, WarpSize);
        if (Lift && V.Gpu && V.Gpu->SmCount)
          Lifted = timeWithWarps(V.High, *Lift, V.Gpu->SmCount->Value,
                                 launchWarps(K.Launch));
      }
    Out.push_back(chooseNextStep(V.High, V.Fixes, Lifted, Lift));
  }
  return Out;
}

std::string nextStepAction(const NextStep &N) {
  switch (N.What) {
  case NextStep::Fix: {
    const SiteTraffic &S = N.Site->Site;
    std::string Access = accessKindName(S.Kind);
    if (N.Site->What == SiteFix::Coalesce)
      return "coalesce the " + Access + " of '" + S.Array + "' at " +
             S.Loc.str();
    return "make the shared " + Access + " of '" + S.Array + "' at " +
           S.Loc.str() + " conflict-free";
  }
  case NextStep::Occupancy: {
    auto Warps = [](double W) { return std::to_string(std::llround(W)); };
    return "lift the occupancy limit (" + N.Lift->Limiter + ": " +
           Warps(N.Lift->FromWarpsPerSm) + " -> " +
           Warps(N.Lift->ToWarpsPerSm) + " warps per SM)";
  }
  case NextStep::AtRoof:
    break;
  }
  return "";
}

namespace {

/// The headline: the step that saves the largest share on some GPU; null
/// when the launch is at its roof everywhere.
const NextStep *headStep(const KernelReport &K,
                         const std::vector<NextStep> &Steps, size_t &HeadGpu) {
  const NextStep *Head = nullptr;
  for (size_t I = 0; I < Steps.size(); ++I) {
    if (K.Verdicts[I].High.Verdict == Bound::Unknown)
      continue;
    const NextStep &S = Steps[I];
    if (S.What == NextStep::AtRoof || S.Before <= 0)
      continue;
    if (!Head || S.saving() / S.Before > Head->saving() / Head->Before) {
      Head = &S;
      HeadGpu = I;
    }
  }
  return Head;
}

} // namespace

std::optional<Finding> nextStepFinding(const KernelReport &K) {
  if (!K.Totals)
    return std::nullopt;
  std::vector<NextStep> Steps = nextSteps(K);
  size_t HeadGpu = 0;
  const NextStep *Head = headStep(K, Steps, HeadGpu);
  if (!Head)
    return std::nullopt;
  std::string Name = K.Model.Name;
  if (!K.Launch.CaseName.empty())
    Name += " [" + K.Launch.CaseName + "]";
  // At the line to change: the access, or the kernel for its occupancy.
  SourceLoc Loc =
      Head->What == NextStep::Fix ? Head->Site->Site.Loc : K.Model.Location;
  if (!Loc.valid())
    Loc = K.Model.Location.valid() ? K.Model.Location : K.Launch.Site;
  return Finding{"rl-next-step", Severity::Remark,
                 "next step for " + Name + ": " + nextStepText(K), Loc};
}

std::string nextStepText(const KernelReport &K) {
  std::vector<NextStep> Steps = nextSteps(K);
  size_t HeadGpu = 0;
  const NextStep *Head = headStep(K, Steps, HeadGpu);
  auto Name = [&](size_t I) {
    return K.Verdicts[I].Gpu ? K.Verdicts[I].Gpu->Name : std::string("?");
  };
  std::string AtRoof;
  Bound RoofBound = Bound::Unknown;
  bool IssueRoof = false; ///< the compute roof is the instructions' issue
  bool OneBound = true;
  for (size_t I = 0; I < Steps.size(); ++I) {
    Bound B = K.Verdicts[I].High.Verdict;
    if (B == Bound::Unknown || Steps[I].What != NextStep::AtRoof)
      continue;
    bool Issue = B == Bound::Compute && issueSetsCompute(K.Verdicts[I].High);
    AtRoof += (AtRoof.empty() ? "" : ", ") + Name(I) + " (" +
              (Issue ? "issue" : boundName(B)) + ")";
    if (RoofBound != Bound::Unknown && (RoofBound != B || IssueRoof != Issue))
      OneBound = false;
    RoofBound = B;
    IssueRoof = Issue;
  }
  if (!Head) {
    if (AtRoof.empty())
      return "";
    std::string Out = "at its roof on " + AtRoof;
    if (OneBound)
      Out += std::string(": ") +
             (IssueRoof ? "only fewer instructions per result (wider loads, "
                          "less index arithmetic, more outputs per thread) "
                          "make it faster"
                        : roofAdvice(RoofBound));
    return Out;
  }
  std::string Out =
      nextStepAction(*Head) + ": " + saving(*Head) + " on " + Name(HeadGpu);
  if (Head->AfterBound != Bound::Unknown)
    Out += std::string(" (then ") + boundName(Head->AfterBound) + "-bound)";
  for (size_t I = 0; I < Steps.size(); ++I) {
    if (I == HeadGpu || K.Verdicts[I].High.Verdict == Bound::Unknown)
      continue;
    const NextStep &S = Steps[I];
    if (S.What == NextStep::AtRoof)
      continue;
    Out += "; " + Name(I) + ": " +
           (sameAction(S, *Head) ? "" : nextStepAction(S) + ": ") + saving(S);
  }
  if (!AtRoof.empty())
    Out += "; at its roof on " + AtRoof;
  return Out;
}

} // namespace rla
