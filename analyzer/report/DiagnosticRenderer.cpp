//===- DiagnosticRenderer.cpp ---------------------------------------------===//
#include "analyzer/report/DiagnosticRenderer.h"
#include "analyzer/report/IssueText.h"

#include "analyzer/report/NextStepText.h"
#include "analyzer/report/ReportWriter.h"
#include "analyzer/support/HumanUnits.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

namespace rla {

namespace {

struct Line {
  SourceLoc Loc;
  std::string Text;
};

/// "file:line:col: " (or less, when the position is unknown); a finding with
/// no file at all is attributed to the tool, as compilers do.
std::string prefix(const SourceLoc &L, const std::string &Tool) {
  if (L.File.empty())
    return Tool + ": ";
  if (!L.valid())
    return L.File + ": ";
  return L.File + ":" + std::to_string(L.Line) + ":" +
         std::to_string(L.Column) + ": ";
}

Line findingLine(const Finding &F, const std::string &Tool) {
  std::string Text =
      prefix(F.Loc, Tool) + severityName(F.Level) + ": " + F.Message;
  if (!F.Id.empty())
    Text += " [" + F.Id + "]";
  return {F.Loc, Text};
}

/// The finding's line, then its edits as clang prints them with
/// -fdiagnostics-parseable-fixits: fix-it:"FILE":{L:C-L:C}:"TEXT".
Line findingLines(const Finding &F, const std::string &Tool) {
  Line L = findingLine(F, Tool);
  for (const FixIt &X : F.Fixes)
    L.Text +=
        "\nfix-it:\"" + X.Loc.File + "\":{" + std::to_string(X.Loc.Line) + ":" +
        std::to_string(X.Loc.Column) + "-" + std::to_string(X.Loc.Line) + ":" +
        std::to_string(X.Loc.Column + X.Length) + "}:\"" + X.Replacement + "\"";
  return L;
}

/// The DRAM bandwidth the DRAM term assumes: the datasheet's, or what the
/// GPU's measured streams give for this launch's mix of reads and writes.
double dramRate(const RooflineResult &R) {
  if (R.SustainedDram && R.MemoryTime > 0)
    return R.DramBytes / R.MemoryTime;
  return R.Bandwidth;
}

/// The remark of a latency-bound launch: Little's law's numbers, then the
/// time it predicts beside the DRAM roofline's.
std::string latencyText(const GpuVerdict &V, const std::string &Name) {
  const RooflineResult &Lo = V.Low, &Hi = V.High;
  auto Duration = [](double X) { return formatDuration(X); };
  std::string Text = Name + " is latency-bound on " + V.Gpu->Name;
  if (Lo.Verdict != Hi.Verdict)
    Text += std::string(" at the high end of its ranges (") +
            verdictName(Lo.Verdict) + "-bound at the low end)";
  // The warps' own latency (the issue model) when it is the longer term.
  if (Hi.IssueKnown && Hi.WarpLatencyTime > Hi.LatencyTime && V.Issue)
    return Text + ": its warps wait on their own dependency chains and " +
           "loads: " + issueText(V) + " (predicted " +
           formatSpan(Lo.PredictedTime, Hi.PredictedTime, Duration) + ")";
  // Little's law's numbers of the ends that are latency-bound only.
  const RooflineResult &From = Lo.Verdict == Level::Latency ? Lo : Hi;
  Text += ": " + std::to_string(std::llround(Hi.ConcurrentWarps)) +
          " resident warps x " +
          formatSpan(From.InFlightBytesPerThread, Hi.InFlightBytesPerThread,
                     [](double X) { return formatSignificant(X); }) +
          " B of loads in flight per thread / " +
          formatSpan(From.LatencySeconds, Hi.LatencySeconds, Duration) +
          " DRAM latency sustain " +
          formatSpan(From.LatencyBandwidth, Hi.LatencyBandwidth,
                     [](double X) { return formatSi(X, "B/s"); }) +
          ": the loads' " +
          formatSi(Hi.LatencyTime * Hi.LatencyBandwidth, "B") +
          " of DRAM take " +
          formatSpan(From.LatencyTime, Hi.LatencyTime, Duration) +
          ", more than the DRAM roofline's " +
          formatSpan(Lo.MemoryTime, Hi.MemoryTime, Duration) + " at " +
          formatSi(dramRate(Hi), "B/s") + " (predicted " +
          formatSpan(Lo.PredictedTime, Hi.PredictedTime, Duration) + ")";
  return Text;
}

/// The roofline remark on the first GPU, when the launch is bound and the
/// verdict is decided; nothing otherwise (no made-up numbers).
std::optional<Finding> boundFinding(const KernelReport &K,
                                    const CheckFilter &Checks) {
  if (!K.Totals || K.Verdicts.empty())
    return std::nullopt;
  if (K.VerdictSuppressed) // an `rl-analyze: ignore[...]` comment
    return std::nullopt;
  const GpuVerdict &V = K.Verdicts.front();
  const RooflineResult &Lo = V.Low, &Hi = V.High;
  if (Hi.Verdict == std::nullopt || !V.Gpu)
    return std::nullopt;
  bool Memory = isMemorySide(Hi.Verdict);
  if (!Checks.enabled(Memory ? "rl-memory-bound" : "rl-compute-bound"))
    return std::nullopt; // --checks turned the verdict remark off

  std::string Name = K.Model.Name;
  if (!K.Launch.CaseName.empty())
    Name += " [" + K.Launch.CaseName + "]";
  std::string Verdict = Memory ? "memory-bound" : "compute-bound";
  // A cache level sets the time: name it, with its own intensity and ridge.
  bool Cache = Hi.Verdict == Level::L2 || Hi.Verdict == Level::L1;
  bool L1 = Hi.Verdict == Level::L1;
  if (Cache)
    Verdict = std::string(L1 ? "L1" : "L2") + "-bound";
  std::string Text = Name + " is " + Verdict + " on " + V.Gpu->Name;
  // A data-dependent kernel can change sides; say which end decided.
  if (Lo.Verdict != Hi.Verdict)
    Text += std::string(" at the high end of its ranges (") +
            verdictName(Lo.Verdict) + "-bound at the low end)";
  auto Sig = [](double X) { return formatSignificant(X); };
  auto LevelRidge = [&](const RooflineResult &R) {
    double Bw = L1 ? R.L1Bandwidth : R.L2Bandwidth;
    return Bw > 0 ? R.PeakFlops / Bw : 0.0;
  };
  std::string CacheText =
      Text + ": " +
      formatSpan(L1 ? Lo.IntensityL1 : Lo.IntensityL2,
                 L1 ? Hi.IntensityL1 : Hi.IntensityL2, Sig) +
      " FLOP/B at " + (L1 ? "L1" : "L2") + " < its ridge " +
      formatSpan(LevelRidge(Lo), LevelRidge(Hi), Sig) + " (predicted " +
      formatSpan(Lo.PredictedTime, Hi.PredictedTime,
                 [](double X) { return formatDuration(X); }) +
      ")";
  Text += ": " + formatSpan(Lo.Intensity, Hi.Intensity, Sig) + " FLOP/B " +
          (Memory ? "<" : ">=") + " ridge " +
          formatSpan(Lo.RidgePoint, Hi.RidgePoint, Sig) + " (predicted " +
          formatSpan(Lo.PredictedTime, Hi.PredictedTime,
                     [](double X) { return formatDuration(X); }) +
          ")";
  if (Cache)
    Text = CacheText;
  if (Hi.Verdict == Level::Latency)
    Text = latencyText(V, Name);
  if (Hi.Verdict == Level::Compute && Hi.RoofName == "sfu")
    Text = Name + " is compute-bound on " + V.Gpu->Name +
           " in its special-function pipe: " +
           formatSpan(Lo.SfuTime, Hi.SfuTime,
                      [](double X) { return formatDuration(X); }) +
           " of sin/cos/exp/log/rsqrt at 16 per SM per clock (predicted " +
           formatSpan(Lo.PredictedTime, Hi.PredictedTime,
                      [](double X) { return formatDuration(X); }) +
           ")";
  if (Hi.Verdict == Level::Compute && issueSetsCompute(Hi) && Lo.IssueKnown)
    Text = Name + " is compute-bound on " + V.Gpu->Name +
           " in issuing its instructions: " + issueText(V) + " (predicted " +
           formatSpan(Lo.PredictedTime, Hi.PredictedTime,
                      [](double X) { return formatDuration(X); }) +
           ")";
  if (Hi.Verdict == Level::Atomics)
    Text = Name + " is atomics-bound on " + V.Gpu->Name + ": " +
           formatGrouped(Hi.AtomicUpdates) + " atomic updates, " +
           formatGrouped(Hi.AtomicAddresses) +
           " distinct addresses at the most-contended site (predicted " +
           formatSpan(Lo.PredictedTime, Hi.PredictedTime,
                      [](double X) { return formatDuration(X); }) +
           ")";
  if (Hi.Verdict == Level::Launch && V.Launch)
    Text = Name + " is launch-bound on " + V.Gpu->Name + ": " +
           formatGrouped(V.Launch->Blocks) +
           (V.Launch->Blocks == 1 ? " block takes " : " blocks take ") +
           formatDuration(Hi.DispatchTime) + " to hand out (" +
           formatSignificant(V.Launch->CyclesPerBlock) +
           " cycles per block per SM), more than " +
           (V.Launch->Blocks == 1 ? "its" : "their") + " work (predicted " +
           formatSpan(Lo.PredictedTime, Hi.PredictedTime,
                      [](double X) { return formatDuration(X); }) +
           ", " + formatDuration(V.Launch->Floor) +
           " of it the floor every launch takes)";
  SourceLoc Loc = K.Model.Location.valid() ? K.Model.Location : K.Launch.Site;
  return Finding{Memory ? "rl-memory-bound" : "rl-compute-bound",
                 Severity::Remark, Text, Loc};
}

/// What one launch entry contributes: its verdict remark, its next step
/// (unless --checks or an ignore comment on its verdict turns them off),
/// then its own findings.
std::vector<Finding> entryDiagnostics(const KernelReport &K,
                                      const CheckFilter &Checks) {
  std::vector<Finding> Out;
  if (std::optional<Finding> Verdict = boundFinding(K, Checks))
    Out.push_back(*Verdict);
  if (!K.VerdictSuppressed && Checks.enabled("rl-next-step"))
    if (std::optional<Finding> Next = nextStepFinding(K))
      Out.push_back(*Next);
  for (const auto *List : {&K.Findings, &K.Model.Findings})
    Out.insert(Out.end(), List->begin(), List->end());
  return Out;
}

/// Compiler-style lines sorted by position, each once. Lines are kept
/// unique as they arrive, so a streamed launch file holds one line per
/// distinct message, not one per launch.
class DiagnosticsWriter : public ReportWriter {
public:
  explicit DiagnosticsWriter(llvm::raw_ostream &Out) : Out(Out) {}

  void begin(const Report &R) override {
    for (const Finding &F : R.Findings)
      add(findingLines(F, R.Tool));
    FindingsSeen = R.Findings.size();
  }

  void entry(const Report &R, const KernelReport &K) override {
    for (const Finding &F : entryDiagnostics(K, R.Checks))
      add(findingLines(F, R.Tool));
  }

  void end(const Report &R) override {
    for (size_t I = FindingsSeen; I < R.Findings.size(); ++I)
      add(findingLines(R.Findings[I], R.Tool));
    std::stable_sort(Lines.begin(), Lines.end(),
                     [](const Line &A, const Line &B) {
                       return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Column) <
                              std::tie(B.Loc.File, B.Loc.Line, B.Loc.Column);
                     });
    for (const Line &L : Lines)
      Out << L.Text << "\n";
  }

private:
  void add(Line L) {
    if (Seen.insert(L.Text).second)
      Lines.push_back(std::move(L));
  }

  llvm::raw_ostream &Out;
  std::vector<Line> Lines;
  std::set<std::string> Seen;
  size_t FindingsSeen = 0;
};

} // namespace

std::unique_ptr<ReportWriter> makeDiagnosticsWriter(llvm::raw_ostream &Out) {
  return std::make_unique<DiagnosticsWriter>(Out);
}

std::string renderDiagnostics(const Report &R) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  DiagnosticsWriter W(OS);
  writeReport(R, W);
  OS.flush();
  return Text;
}

std::vector<Finding> collectDiagnostics(const Report &R) {
  std::vector<Finding> All;
  for (const Finding &F : R.Findings)
    All.push_back(F);
  for (const KernelReport &K : R.Kernels) {
    for (Finding &F : entryDiagnostics(K, R.Checks))
      All.push_back(std::move(F));
  }
  std::stable_sort(All.begin(), All.end(),
                   [](const Finding &A, const Finding &B) {
                     return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Column) <
                            std::tie(B.Loc.File, B.Loc.Line, B.Loc.Column);
                   });
  std::vector<Finding> Unique;
  std::set<std::string> Seen;
  for (Finding &F : All)
    if (Seen.insert(findingLine(F, R.Tool).Text).second)
      Unique.push_back(std::move(F));
  return Unique;
}

} // namespace rla
