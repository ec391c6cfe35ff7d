//===- IssueText.cpp ------------------------------------------------------===//
#include "analyzer/report/IssueText.h"
#include "analyzer/support/HumanUnits.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace rla {

bool issueSetsCompute(const RooflineResult &R) {
  return R.IssueKnown && R.IssueThroughputTime > 0 &&
         R.IssueThroughputTime >= R.ComputeTime;
}

std::string issueText(const GpuVerdict &V) {
  if (!V.Issue)
    return "";
  const IssueEstimate &E = *V.Issue;
  const InstructionMix &M = E.Mix;
  std::string Limit =
      E.Limiter == "issue"  ? "issue slots"
      : E.Limiter == "math" ? "FMA+ALU dispatch"
      : E.Limiter == "warp-latency"
          ? "warp latency: " + formatSignificant(E.ResidentPerScheduler) +
                " warps per scheduler, " + formatSi(E.Mix.WarpCycles) +
                " cycles each"
      : E.Limiter == "sync-phases"
          ? std::to_string(E.Mix.Phases.size()) +
                " stretches between barriers, each as slow as the slowest "
                "of its issue, one warp's latency, its L1 wavefronts, its "
                "loads from L2 and its MMAs"
          : E.Limiter + " pipe";
  std::string Out = formatSi(M.Total) + " warp instructions in " +
                    formatDuration(E.Time) + " (" + Limit;
  // The pipes by share of the instructions, largest first.
  std::vector<std::pair<double, SassPipe>> Shares;
  for (unsigned P = 0; P < NumSassPipes; ++P)
    if (M.ByPipe[P] > 0)
      Shares.push_back({M.ByPipe[P], static_cast<SassPipe>(P)});
  std::sort(Shares.begin(), Shares.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
  for (size_t I = 0; I < Shares.size() && I < 4 && M.Total > 0; ++I)
    Out += std::string(I ? ", " : "; ") + sassPipeName(Shares[I].second) + " " +
           std::to_string(std::lround(100 * Shares[I].first / M.Total)) + "%";
  Out += ")";
  if (E.WaveFactor > 1.005)
    Out += ", busiest SM " + formatSignificant(E.WaveFactor) + "x the mean (" +
           formatGrouped(E.Blocks) + " blocks on " + std::to_string(E.Sms) +
           " SMs" +
           (E.HeaviestBlock > 1.005
                ? ", the heaviest block " + formatSignificant(E.HeaviestBlock) +
                      "x the mean block"
                : "") +
           ")";
  return Out;
}

} // namespace rla
