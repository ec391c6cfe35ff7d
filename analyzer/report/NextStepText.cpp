//===- NextStepText.cpp ---------------------------------------------------===//
#include "analyzer/report/NextStepText.h"
#include "analyzer/report/IssueText.h"
#include "analyzer/support/HumanUnits.h"

#include <cmath>

namespace rla {
namespace {

bool sameAction(const GpuVerdict &A, const GpuVerdict &B) {
  if (A.Next.What != B.Next.What)
    return false;
  if (A.Next.What == NextStep::Fix)
    return A.Fixes[*A.Next.FixIndex].Site.Site ==
           B.Fixes[*B.Next.FixIndex].Site.Site;
  return true;
}

/// What makes a launch bound by L faster once it is at its roof.
const char *roofAdvice(Level B) {
  switch (B) {
  case Level::Compute:
    return "only fewer FLOPs or a faster precision (tensor cores) make it "
           "faster";
  case Level::Dram:
    return "only fewer DRAM bytes (smaller types, more re-use, fusion) make "
           "it faster";
  case Level::L2:
    return "only fewer L2 bytes (re-use in shared memory or registers) make "
           "it faster";
  case Level::L1:
    return "only fewer L1/shared bytes (re-use in registers, wider "
           "accesses) make it faster";
  case Level::Latency:
    return "only more bytes in flight per thread (more independent loads) "
           "make it faster";
  case Level::Atomics:
    return "only fewer updates per address (privatize the target per block "
           "in shared memory, reduce in the warp first) make it faster";
  case Level::Launch:
    return "only fewer blocks (more elements per thread: a grid-stride loop "
           "over a grid of a few waves) make it faster";
  }
  return "";
}

std::string saving(const NextStep &N) {
  return "-" + formatDuration(N.saving()) + " of " + formatDuration(N.Before);
}

} // namespace

std::string nextStepAction(const GpuVerdict &V) {
  const NextStep &N = V.Next;
  switch (N.What) {
  case NextStep::Fix: {
    const SiteFix &F = V.Fixes[*N.FixIndex];
    const SiteTraffic &S = F.Site;
    std::string Access = accessKindName(S.Kind);
    if (F.What == SiteFix::Coalesce)
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

/// The headline: the verdict whose step saves the largest share on its GPU;
/// null when the launch is at its roof everywhere.
const GpuVerdict *headVerdict(const KernelReport &K) {
  const GpuVerdict *Head = nullptr;
  for (const GpuVerdict &V : K.Verdicts) {
    const NextStep &S = V.Next;
    if (!V.High.Verdict || S.What == NextStep::AtRoof || S.Before <= 0)
      continue;
    if (!Head ||
        S.saving() / S.Before > Head->Next.saving() / Head->Next.Before)
      Head = &V;
  }
  return Head;
}

std::string gpuName(const GpuVerdict &V) {
  return V.Gpu ? V.Gpu->Name : std::string("?");
}

} // namespace

std::optional<Finding> nextStepFinding(const KernelReport &K) {
  if (!K.Totals)
    return std::nullopt;
  const GpuVerdict *Head = headVerdict(K);
  if (!Head)
    return std::nullopt;
  std::string Name = K.Model.Name;
  if (!K.Launch.CaseName.empty())
    Name += " [" + K.Launch.CaseName + "]";
  // At the line to change: the access, or the kernel for its occupancy.
  SourceLoc Loc = Head->Next.What == NextStep::Fix
                      ? Head->Fixes[*Head->Next.FixIndex].Site.Loc
                      : K.Model.Location;
  if (!Loc.valid())
    Loc = K.Model.Location.valid() ? K.Model.Location : K.Launch.Site;
  return Finding{"rl-next-step", Severity::Remark,
                 "next step for " + Name + ": " + nextStepText(K), Loc};
}

std::string nextStepText(const KernelReport &K) {
  const GpuVerdict *Head = headVerdict(K);
  std::string AtRoof;
  std::optional<Level> RoofBound;
  bool IssueRoof = false; ///< the compute roof is the instructions' issue
  bool OneBound = true;
  bool FloorMost = false; ///< the launch floor outweighs handing out blocks
  /// The memory time is zero-copy host memory's time over the host link.
  bool HostLinkRoof = false;
  for (const GpuVerdict &V : K.Verdicts) {
    std::optional<Level> B = V.High.Verdict;
    if (!B || V.Next.What != NextStep::AtRoof)
      continue;
    bool Issue = B == Level::Compute && issueSetsCompute(V.High);
    AtRoof += (AtRoof.empty() ? "" : ", ") + gpuName(V) + " (" +
              (Issue ? "issue" : verdictName(B)) + ")";
    if (RoofBound && (RoofBound != B || IssueRoof != Issue))
      OneBound = false;
    RoofBound = B;
    IssueRoof = Issue;
    FloorMost = V.Launch && V.Launch->Floor >= V.High.DispatchTime;
    HostLinkRoof = B == Level::Dram && V.High.HostLinkTime > 0 &&
                   V.High.HostLinkTime >= V.High.MemoryTime;
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
              : RoofBound == Level::Launch && FloorMost
                  ? "the floor every launch takes is most of its time: "
                    "only more work per launch (fusing it with the launches "
                    "beside it, or a CUDA graph of them) makes it faster"
              : HostLinkRoof
                  ? "its memory time is zero-copy host memory crossing the "
                    "host link: only fewer bytes over the link (copy data "
                    "read more than once to device memory) make it faster"
                  : roofAdvice(*RoofBound));
    return Out;
  }
  std::string Out = nextStepAction(*Head) + ": " + saving(Head->Next) + " on " +
                    gpuName(*Head);
  if (Head->Next.AfterBound)
    Out +=
        std::string(" (then ") + verdictName(Head->Next.AfterBound) + "-bound)";
  for (const GpuVerdict &V : K.Verdicts) {
    if (&V == Head || !V.High.Verdict || V.Next.What == NextStep::AtRoof)
      continue;
    Out += "; " + gpuName(V) + ": " +
           (sameAction(V, *Head) ? "" : nextStepAction(V) + ": ") +
           saving(V.Next);
  }
  if (!AtRoof.empty())
    Out += "; at its roof on " + AtRoof;
  return Out;
}

} // namespace rla
