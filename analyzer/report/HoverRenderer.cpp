//===- HoverRenderer.cpp --------------------------------------------------===//
#include "analyzer/report/HoverRenderer.h"
#include "analyzer/report/IssueText.h"
#include "analyzer/report/LaunchCostText.h"
#include "analyzer/report/LimitersText.h"
#include "analyzer/report/LineTrafficText.h"
#include "analyzer/report/NextStepText.h"
#include "analyzer/report/NoteText.h"
#include "analyzer/support/HumanUnits.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace rla {

namespace {

std::string valueText(const BoundValue &V,
                      const std::function<std::string(double)> &Format) {
  if (!V)
    return "?";
  return formatSpan(V->Low, V->High, Format);
}

std::string valueText(const BoundTotals &T, Metric Key,
                      const std::function<std::string(double)> &Format) {
  return valueText(T.get(Key), Format);
}

std::string launchTitle(const KernelReport &K) {
  std::string Title = "`" + K.Model.Name + "`";
  const LaunchSpec &L = K.Launch;
  if (!L.CaseName.empty())
    Title += " [" + L.CaseName + "]";
  if (L.Source == LaunchSource::None)
    return Title + " (no launch)";
  if (L.Site.valid())
    Title += " launched at line " + std::to_string(L.Site.Line);
  return Title;
}

/// Worded as the diagnostics word it: DRAM-bound is "memory-bound".
std::string boundWording(std::optional<Level> B) {
  if (!B)
    return verdictName(B);
  switch (*B) {
  case Level::Dram:
    return "memory";
  case Level::L2:
    return "L2";
  case Level::L1:
    return "L1";
  default:
    return verdictName(B);
  }
}

void renderOne(std::string &Out, const KernelReport &K) {
  Out += "**" + launchTitle(K) + "**\n\n";
  if (!K.Totals) {
    Out += "- unbound: ";
    std::string Names;
    for (const std::string &S : K.Unbound)
      Names += (Names.empty() ? "" : ", ") + S;
    Out += (Names.empty() ? std::string("launch unknown") : Names) +
           " (bind them with --bind or a launch)\n";
    auto Formula = [&](Metric Key) {
      auto It = K.TotalFormulas.find(Key);
      if (It == K.TotalFormulas.end())
        return std::string("?");
      return It->second.first == It->second.second
                 ? It->second.first
                 : It->second.first + " .. " + It->second.second;
    };
    Out += "- FLOPs: `" + Formula(Metric::Flops) + "`\n";
    Out += "- DRAM bytes: `" + Formula(Metric::DramBytes) + "`\n";
    return;
  }
  auto Grouped = [](double X) { return formatGrouped(X); };
  Out += "- FLOPs: " + valueText(allFlops(*K.Totals), Grouped);
  if (BoundValue Tensor = K.Totals->get(Metric::TensorFlops);
      Tensor && Tensor->High > 0)
    Out += " (tensor cores: " + valueText(Tensor, Grouped) + ")";
  Out += "\n";
  Out += "- DRAM bytes: " + valueText(*K.Totals, Metric::DramBytes, Grouped) +
         "\n";
  auto Sig = [](double X) { return formatSignificant(X); };
  auto Time = [](double X) { return formatDuration(X); };
  for (const GpuVerdict &V : K.Verdicts) {
    if (!V.Gpu)
      continue;
    Out += "- " + V.Gpu->Name + ": " +
           formatSpan(V.Low.Intensity, V.High.Intensity, Sig) + " FLOP/B, ";
    if (V.High.Verdict == std::nullopt)
      Out += "bound unknown";
    else if (V.Low.Verdict != V.High.Verdict)
      Out += boundWording(V.Low.Verdict) + "- to " +
             boundWording(V.High.Verdict) + "-bound";
    else
      Out += boundWording(V.High.Verdict) + "-bound";
    Out += " (ridge " + formatSpan(V.Low.RidgePoint, V.High.RidgePoint, Sig) +
           "), predicted " +
           formatSpan(V.Low.PredictedTime, V.High.PredictedTime, Time) + "\n";
  }
  // What sets the time, longest first, and the winner's lead.
  for (const GpuVerdict &V : K.Verdicts)
    if (std::string L = limitersText(V.High); !L.empty() && V.Gpu)
      Out += "- limiters on " + V.Gpu->Name + ": " + L + "\n";
  for (const GpuVerdict &V : K.Verdicts)
    if (std::string L = launchCostText(V); !L.empty() && V.Gpu)
      Out += "- launch on " + V.Gpu->Name + ": " + L + "\n";
  // The compiled instructions (ptxas and nvdisasm on the saved file).
  for (const GpuVerdict &V : K.Verdicts)
    if (std::string Issue = issueText(V); !Issue.empty() && V.Gpu)
      Out += "- issue on " + V.Gpu->Name + ": " + Issue + "\n";
  if (std::string Next = nextStepText(K); !Next.empty())
    Out += "- next: " + Next + "\n";
  // Occupancy comes from ptxas on the saved file (docs/ide.md).
  for (const OccupancyOnGpu &O : K.Occupancies) {
    if (!O.Gpu)
      continue;
    if (!O.Result) {
      Out += "- occupancy on " + O.Gpu->Name + ": unknown (" +
             noteText(O.Unknown) + ")\n";
      continue;
    }
    Out += "- occupancy on " + O.Gpu->Name + ": " +
           formatSignificant(100 * O.Result->Occupancy) + "% (" +
           std::to_string(O.Result->ActiveBlocksPerSm) + " blocks, " +
           std::to_string(O.Result->ActiveWarpsPerSm) + " warps per SM, " +
           std::to_string(O.Result->RegistersPerThread) +
           " registers/thread)\n";
  }
}

} // namespace

std::string kernelIdentifier(const std::string &KernelName) {
  std::string Name = KernelName.substr(0, KernelName.find('<'));
  size_t Colons = Name.rfind("::");
  return Colons == std::string::npos ? Name : Name.substr(Colons + 2);
}

std::vector<const KernelReport *> kernelsNamed(const Report &R,
                                               const std::string &Identifier) {
  std::vector<const KernelReport *> Out;
  for (const KernelReport &K : R.Kernels)
    if (kernelIdentifier(K.Model.Name) == Identifier)
      Out.push_back(&K);
  return Out;
}

std::string renderLineHover(const Report &R, const std::string &File,
                            unsigned Line) {
  std::string Out;
  auto Bytes = [](double X) { return formatSi(X, "B"); };
  for (const KernelReport &K : R.Kernels)
    for (const LineTraffic &L : lineTraffic(K)) {
      if (L.File != File || L.Line != Line)
        continue;
      if (Out.empty())
        Out = "**line " + std::to_string(Line) + "**\n\n";
      std::string Arrays;
      for (const std::string &A : L.Arrays)
        Arrays += (Arrays.empty() ? "`" : ", `") + A + "`";
      Out += "- " + launchTitle(K) + ": " + Arrays + ": load " +
             Bytes(L.LoadBytes) + ", store " + Bytes(L.StoreBytes) + ", " +
             formatSi(L.Sectors) + " sectors";
      if (L.SharedBytes > 0)
        Out += ", shared " + Bytes(L.SharedBytes);
      Out += "; " + Bytes(L.DramBytes) + " of DRAM (" +
             std::to_string(std::llround(100 * L.DramShare)) +
             "% of the launch's)";
      if (!K.Verdicts.empty() && K.Verdicts[0].Gpu)
        Out += " on " + K.Verdicts[0].Gpu->Name;
      Out += "\n";
    }
  return Out;
}

std::string renderHover(const std::vector<const KernelReport *> &Kernels) {
  std::string Out;
  for (const KernelReport *K : Kernels) {
    if (!Out.empty())
      Out += "\n";
    renderOne(Out, *K);
  }
  return Out;
}

} // namespace rla
