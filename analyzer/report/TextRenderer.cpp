//===- TextRenderer.cpp ---------------------------------------------------===//
#include "analyzer/report/TextRenderer.h"
#include "analyzer/report/CallFrameText.h"
#include "analyzer/report/IssueText.h"
#include "analyzer/report/LaunchCostText.h"
#include "analyzer/report/LibraryCallText.h"
#include "analyzer/report/LineTrafficText.h"
#include "analyzer/report/NextStepText.h"
#include "analyzer/report/NoteText.h"
#include "analyzer/report/OccupancyText.h"
#include "analyzer/report/QuestionsText.h"
#include "analyzer/report/ReportWriter.h"

#include "analyzer/models/BoundLevel.h"
#include "analyzer/support/HumanUnits.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <sstream>

namespace rla {

namespace {

/// ANSI styling that turns into plain text when color is off.
class Style {
public:
  explicit Style(bool On) : On(On) {}
  std::string bold(const std::string &S) const { return wrap("1", S); }
  std::string dim(const std::string &S) const { return wrap("2", S); }
  std::string hint(const std::string &S) const { return wrap("33", S); }
  std::string bound(std::optional<Level> B, const std::string &S) const {
    if (!B)
      return wrap("2", S);
    switch (*B) {
    case Level::Dram:
    case Level::L2:
    case Level::L1:
    case Level::Latency:
    case Level::Atomics:
    case Level::Launch:
      return wrap("1;33", S);
    case Level::Compute:
      return wrap("1;32", S);
    }
    return wrap("2", S);
  }
  std::string severity(Severity Level) const {
    std::string Name = severityName(Level);
    switch (Level) {
    case Severity::Error:
      return wrap("1;31", Name);
    case Severity::Warning:
      return wrap("1;35", Name);
    case Severity::Remark:
    case Severity::Note:
      break;
    }
    return wrap("1;36", Name);
  }

private:
  std::string wrap(const char *Code, const std::string &S) const {
    return On ? "\033[" + std::string(Code) + "m" + S + "\033[0m" : S;
  }
  bool On;
};

std::string padRight(const std::string &S, size_t Width) {
  return S.size() >= Width ? S : S + std::string(Width - S.size(), ' ');
}

std::string padLeft(const std::string &S, size_t Width) {
  return S.size() >= Width ? S : std::string(Width - S.size(), ' ') + S;
}

/// Width of the label column ("intensity" plus two spaces).
constexpr size_t LabelWidth = 11;
/// Right-aligned width of the big totals, so the digits line up.
constexpr size_t ValueWidth = 11;

std::string label(const char *Name) {
  return "  " + padRight(Name, LabelWidth);
}

std::string locationText(const SourceLoc &L) {
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

std::string rationalText(const Rational &V) {
  const __int128 Limit = static_cast<__int128>(1) << 62;
  if (V.isInteger() && V.num() < Limit && V.num() > -Limit)
    return std::to_string(static_cast<int64_t>(V.num()));
  return formatSignificant(V.toDouble());
}

std::string dims(const std::array<std::optional<Rational>, 3> &D) {
  std::string Out;
  for (unsigned I = 0; I < 3; ++I)
    Out += (I ? "x" : "") + (D[I] ? rationalText(*D[I]) : std::string("?"));
  return Out;
}

std::string boundText(const NumberRange &V,
                      const std::function<std::string(double)> &Format) {
  return formatSpan(V.Low, V.High, Format);
}

std::string formulaText(const KernelReport &K, Metric Key,
                        bool PerThread = false, bool ForLaunch = false) {
  const auto &Map = PerThread   ? K.PerThreadFormulas
                    : ForLaunch ? K.LaunchFormulas
                                : K.TotalFormulas;
  auto It = Map.find(Key);
  if (It == Map.end())
    return "?";
  const auto &[Low, High] = It->second;
  return Low == High ? Low : Low + " .. " + High;
}

std::string header(const KernelReport &K, const Style &S) {
  const LaunchSpec &L = K.Launch;
  std::string Out = S.bold(K.Model.Name);
  if (!L.CaseName.empty())
    Out += " [" + L.CaseName + "]";
  if (K.Model.Location.valid())
    Out += "  (" + locationText(K.Model.Location) + ")";
  for (const std::string &Arch : K.Model.Archs)
    Out += "  " + Arch + " body";
  if (L.Source == LaunchSource::None)
    return Out + "  " + S.dim("no launch");
  Out += "  " + std::string(launchSourceName(L.Source));
  if (L.Site.valid())
    Out += " " + locationText(L.Site);
  Out += "  grid " + dims(L.Grid) + "  block " + dims(L.Block);
  Out += "  smem " + (L.DynamicSmem ? rationalText(*L.DynamicSmem) : "?");
  if (!L.LaunchCount)
    Out += "  \u00d7 ? launches";
  else if (L.LaunchCount->isZero())
    Out += "  " + S.dim("not run by the program");
  else if (*L.LaunchCount != Rational(1))
    Out += "  \u00d7 " + rationalText(*L.LaunchCount) + " launches";
  // The calls that lead here, when there are any besides main itself.
  if (L.CallChain.size() > 1) {
    std::string Chain;
    for (const CallFrame &Frame : L.CallChain)
      Chain += callFrameText(Frame) + " \u2192 ";
    Out += "\n  " + S.dim("via " + Chain + locationText(L.Site));
  }
  return Out;
}

/// "fp32 33.6M, fp64 1.05K": the precisions that have FLOPs.
std::string precisionBreakdown(const BoundTotals &T) {
  std::string Out;
  for (unsigned P = 0; P < NumPrecisions; ++P) {
    std::string Name = precisionName(static_cast<Precision>(P));
    BoundValue V = T.get(flopsMetric(static_cast<Precision>(P)));
    if (!V || std::max(V->Low, V->High) <= 0)
      continue;
    Out += (Out.empty() ? "" : ", ") + Name + " " +
           boundText(*V, [](double X) { return formatSi(X, "FLOP"); });
  }
  return Out;
}

/// "tensor bf16 137G, tensor fp8 2.1G": the tensor precisions with FLOPs
/// (fp16 with an fp16 accumulator is fp16).
std::string tensorBreakdown(const BoundTotals &T) {
  std::string Out;
  for (unsigned P = 0; P < NumTensorPrecisions; ++P) {
    auto TP = static_cast<TensorPrecision>(P);
    if (TP == TensorPrecision::FP16Acc16)
      continue;
    std::string Name = tensorPrecisionName(TP);
    BoundValue V = T.get(tensorFlopsMetric(TP));
    if (TP == TensorPrecision::FP16)
      if (BoundValue A = T.get(Metric::TensorFlopsFp16Acc16); A && V)
        V = NumberRange{V->Low + A->Low, V->High + A->High};
    if (!V || std::max(V->Low, V->High) <= 0)
      continue;
    Out += (Out.empty() ? "" : ", ") + std::string("tensor ") + Name + " " +
           boundText(*V, [](double X) { return formatSi(X, "FLOP"); });
  }
  return Out;
}

void renderBoundTotals(std::ostringstream &OS, const KernelReport &K) {
  const BoundTotals &T = *K.Totals;
  auto Grouped = [](double X) { return formatGrouped(X); };
  auto Bytes = [](double X) { return formatSi(X, "B"); };
  auto Value = [&](Metric Key, const std::function<std::string(double)> &F) {
    BoundValue V = T.get(Key);
    return V ? boundText(*V, F) : std::string("?");
  };

  // Every FLOP, the tensor cores' with their precision; the tensor line
  // below has their own formula.
  BoundValue Flops = allFlops(T);
  OS << label("FLOPs")
     << padLeft(Flops ? boundText(*Flops, Grouped) : std::string("?"),
                ValueWidth);
  std::string Breakdown = precisionBreakdown(T);
  std::string Tensor = tensorBreakdown(T);
  if (!Tensor.empty())
    Breakdown += (Breakdown.empty() ? "" : ", ") + Tensor;
  if (!Breakdown.empty())
    OS << "  (" << Breakdown << ")";
  // The formulas are the CUDA cores'; the tensor line has the rest.
  if (!Tensor.empty() && (K.LaunchFormulas.count(Metric::Flops) ||
                          K.PerThreadFormulas.count(Metric::Flops)))
    OS << "  CUDA cores";
  if (K.LaunchFormulas.count(Metric::Flops))
    OS << "  = " << formulaText(K, Metric::Flops, false, /*ForLaunch=*/true);
  if (K.PerThreadFormulas.count(Metric::Flops))
    OS << "  per thread: " << formulaText(K, Metric::Flops, /*PerThread=*/true);
  OS << "\n";
  // Tensor-core FLOPs, beside the CUDA-core ones, when there are any.
  if (std::string Tensor = tensorBreakdown(T); !Tensor.empty()) {
    OS << label("tensor")
       << padLeft(Value(Metric::TensorFlops, Grouped), ValueWidth) << "  ("
       << Tensor << ")";
    if (K.LaunchFormulas.count(Metric::TensorFlops))
      OS << "  = "
         << formulaText(K, Metric::TensorFlops, false, /*ForLaunch=*/true);
    OS << "\n";
  }

  // With the memory model, this line is what the source requests (its
  // formula); the memory line below says what reaches each level.
  std::string Requested = Value(Metric::DramBytes, Grouped);
  if (K.Memory) {
    BoundValue L = T.get(Metric::GlobalLoadBytes),
               S = T.get(Metric::GlobalStoreBytes);
    if (L && S)
      Requested =
          boundText(NumberRange{L->Low + S->Low, L->High + S->High}, Grouped);
  }
  OS << label("bytes") << padLeft(Requested, ValueWidth) << "  load "
     << Value(Metric::GlobalLoadBytes, Bytes) << "  store "
     << Value(Metric::GlobalStoreBytes, Bytes);
  if (K.LaunchFormulas.count(Metric::DramBytes))
    OS << "  = "
       << formulaText(K, Metric::DramBytes, false, /*ForLaunch=*/true);
  OS << "\n";

  // Traffic and work that do not enter the DRAM roofline, when present.
  std::string Other;
  // Counts carry what they count: operations, or a thread reaching a
  // barrier.
  auto Ops = [](double X) { return formatSi(X) + " ops"; };
  auto Arrivals = [](double X) { return formatSi(X) + " arrivals"; };
  for (auto [Key, Name] : {std::pair{Metric::SfuOps, "sfu"},
                           {Metric::SharedLoadBytes, "shared load"},
                           {Metric::SharedStoreBytes, "shared store"},
                           {Metric::AtomicOps, "atomics"},
                           {Metric::Barriers, "barriers"}}) {
    BoundValue V = T.get(Key);
    bool IsBytes =
        Key == Metric::SharedLoadBytes || Key == Metric::SharedStoreBytes;
    if (V && std::max(V->Low, V->High) > 0)
      Other += std::string(Other.empty() ? "" : "  ") + Name + " " +
               (IsBytes                   ? boundText(*V, Bytes)
                : Key == Metric::Barriers ? boundText(*V, Arrivals)
                                          : boundText(*V, Ops));
  }
  if (!Other.empty())
    OS << label("other") << Other << "\n";
}

/// The symbols in the order a user binds them: arguments, then grid, then
/// block dimensions.
std::vector<std::string> bindOrder(const std::set<std::string> &Unbound) {
  std::vector<std::string> Args, Grid, Block;
  for (const std::string &Sym : Unbound) {
    if (Sym.rfind("gridDim.", 0) == 0)
      Grid.push_back(Sym);
    else if (Sym.rfind("blockDim.", 0) == 0)
      Block.push_back(Sym);
    else
      Args.push_back(Sym);
  }
  Args.insert(Args.end(), Grid.begin(), Grid.end());
  Args.insert(Args.end(), Block.begin(), Block.end());
  return Args;
}

/// Whether N says the program runs without the arguments --args gives (an
/// assumption, or where it stops), or lists such a note.
bool runsWithoutArguments(const Note &N) {
  auto Without = N.Data.find("without_arguments");
  return N.Id == NoteId::RunWithoutArguments ||
         (Without != N.Data.end() && Without->second != FindingValue(0.0)) ||
         llvm::any_of(N.Parts, runsWithoutArguments);
}

/// Whether N is about the launch's dynamic shared memory (not known, or
/// varying over the contexts).
bool aboutDynamicSmem(const Note &N) {
  return N.Id == NoteId::LaunchSmemUnknown ||
         N.Id == NoteId::LaunchConfigSmemUnknown ||
         (N.Id == NoteId::ContextsVary && N.Data.count("smem"));
}

void renderUnbound(std::ostringstream &OS, const KernelReport &K,
                   const Style &S) {
  OS << label("FLOPs") << formulaText(K, Metric::Flops);
  if (K.PerThreadFormulas.count(Metric::Flops))
    OS << "  per thread: " << formulaText(K, Metric::Flops, /*PerThread=*/true);
  OS << "\n";
  if (auto It = K.TotalFormulas.find(Metric::TensorFlops);
      It != K.TotalFormulas.end() && It->second.second != "0")
    OS << label("tensor") << formulaText(K, Metric::TensorFlops) << "\n";
  OS << label("bytes") << formulaText(K, Metric::DramBytes) << "  (load "
     << formulaText(K, Metric::GlobalLoadBytes) << ", store "
     << formulaText(K, Metric::GlobalStoreBytes) << ")\n";
  if (K.Unbound.empty())
    return;

  std::vector<std::string> Symbols = bindOrder(K.Unbound);
  std::string Names, Binds;
  bool NeedsLaunch = false;
  for (const std::string &Sym : Symbols) {
    Names += (Names.empty() ? "" : ", ") + Sym;
    if (Sym.rfind("gridDim.", 0) == 0 || Sym.rfind("blockDim.", 0) == 0)
      NeedsLaunch = true;
    else
      Binds +=
          (Binds.empty() ? "" : " ") + std::string("--bind ") + Sym + "=...";
  }
  std::string How;
  if (NeedsLaunch)
    How = "--launch '" + K.Model.Name + ":grid=...,block=...'";
  if (!Binds.empty())
    How += (How.empty() ? "" : " and ") + Binds;
  // Sizes the program would read from its arguments: run it with them.
  if (llvm::any_of(K.Launch.Notes, runsWithoutArguments))
    How += ", or run it with --args";
  OS << "  " << S.hint("unbound: " + Names + " \u2014 bind with " + How)
     << "\n";
  for (const Note &N : K.Launch.Notes)
    OS << "  launch: " << noteText(N) << "\n";
}

/// "0.167 FLOP/B at DRAM, 0.167 at L2, 7.88 at L1": the FLOP per byte at
/// every level the memory model has, on the first GPU.
std::string intensityText(const GpuVerdict &V) {
  auto Num = [](double X) { return formatSignificant(X); };
  std::string Out =
      formatSpan(V.Low.Intensity, V.High.Intensity, Num) + " FLOP/B";
  if (!V.High.L2Modelled && !V.High.L1Modelled)
    return Out;
  Out += " at DRAM";
  if (V.High.L2Modelled)
    Out += ", " + formatSpan(V.Low.IntensityL2, V.High.IntensityL2, Num) +
           " at L2";
  if (V.High.L1Modelled)
    Out += ", " + formatSpan(V.Low.IntensityL1, V.High.IntensityL1, Num) +
           " at L1";
  return Out;
}

std::string boundCell(const GpuVerdict &V) {
  if (V.Low.Verdict == V.High.Verdict)
    return verdictName(V.High.Verdict);
  return std::string(verdictName(V.Low.Verdict)) + " .. " +
         verdictName(V.High.Verdict);
}

std::string percentText(double Share) {
  return std::to_string(std::llround(100 * Share)) + "%";
}

/// One level's time and the share of its peak the launch reaches there:
/// "932 us 100%"; "-" when the level has no time on this GPU.
std::string levelCell(const GpuVerdict &V, Level L) {
  std::optional<double> Lo = levelTime(V.Low, L), Hi = levelTime(V.High, L);
  if (!Lo || !Hi)
    return "-";
  std::string Out =
      formatSpan(*Lo, *Hi, [](double X) { return formatDuration(X); });
  std::optional<double> SLo = levelShare(V.Low, L), SHi = levelShare(V.High, L);
  if (SLo && SHi) {
    std::string A = percentText(std::min(*SLo, *SHi)),
                B = percentText(std::max(*SLo, *SHi));
    Out += " " + (A == B ? A : A + ".." + B);
  }
  return Out;
}

/// The intensity at the level the verdict names, and that level's ridge,
/// each with the level: "0.235 FLOP/B (L1)", "10.0 FLOP/B".
std::pair<std::string, std::string> boundIntensityCells(const GpuVerdict &V) {
  std::optional<LevelIntensity> Lo = boundIntensity(V.Low),
                                Hi = boundIntensity(V.High);
  if (!Lo || !Hi || Lo->At != Hi->At) {
    // A range whose ends name different levels: the DRAM numbers.
    bool Have = V.Low.Bandwidth > 0 && V.High.Bandwidth > 0 &&
                V.Low.PeakFlops > 0 && V.High.PeakFlops > 0;
    if (!Have)
      return {"-", "-"};
    auto Num = [](double X) { return formatSignificant(X); };
    return {formatSpan(V.Low.Intensity, V.High.Intensity, Num) +
                " FLOP/B (DRAM)",
            formatSpan(V.Low.RidgePoint, V.High.RidgePoint, Num) + " FLOP/B" +
                (V.High.DominantTensor ? " (" + V.High.RoofName + ")" : "")};
  }
  auto Num = [](double X) { return formatSignificant(X); };
  std::string Where = Hi->At == Level::Latency ? "DRAM, latency"
                      : Hi->At == Level::Dram  ? "DRAM"
                      : Hi->At == Level::L2    ? "L2"
                                               : "L1";
  return {formatSpan(Lo->Intensity, Hi->Intensity, Num) + " FLOP/B (" + Where +
              ")",
          formatSpan(Lo->Ridge, Hi->Ridge, Num) + " FLOP/B" +
              (V.High.DominantTensor ? " (" + V.High.RoofName + ")" : "")};
}

void renderVerdicts(std::ostringstream &OS, const KernelReport &K,
                    const Style &S) {
  if (K.Verdicts.empty())
    return;
  OS << label("intensity") << intensityText(K.Verdicts.front()) << "\n";
  if (K.Memory && K.Totals) {
    // The memory levels on the first GPU: what each one moves.
    auto Bytes = [&](Metric Key) {
      auto V = K.Totals->get(Key);
      return V ? formatSi(V->High, "B") : std::string("-");
    };
    OS << label("memory") << "footprint " << Bytes(Metric::FootprintBytes)
       << ", DRAM " << Bytes(Metric::DramBytes) << ", L2 "
       << Bytes(Metric::L2Bytes) << ", L1 " << Bytes(Metric::L1Bytes) << "\n";
  }

  auto Duration = [](double X) { return formatDuration(X); };
  // Each level's time with the share of its peak it reaches; the latency
  // and atomics columns when some GPU has the term, and every column a
  // verdict names (a launch bound by its blocks' dispatch shows it).
  auto Names = [&](Level L) {
    return llvm::any_of(K.Verdicts, [&](const GpuVerdict &V) {
      return V.Low.Verdict == L || V.High.Verdict == L;
    });
  };
  bool Latency = Names(Level::Latency) ||
                 llvm::any_of(K.Verdicts, [](const GpuVerdict &V) {
                   return V.Low.LatencyKnown && V.High.LatencyKnown;
                 });
  bool Atomics = Names(Level::Atomics) ||
                 llvm::any_of(K.Verdicts, [](const GpuVerdict &V) {
                   return V.High.AtomicKnown && V.High.AtomicTime > 0;
                 });
  bool Launch = Names(Level::Launch);
  std::vector<std::string> Head = {"GPU",       "bound", "predicted",
                                   "intensity", "ridge", "compute",
                                   "DRAM",      "L2",    "L1"};
  if (Latency)
    Head.push_back("latency");
  if (Atomics)
    Head.push_back("atomics");
  if (Launch)
    Head.push_back("launch");
  std::vector<std::vector<std::string>> Rows = {Head};
  for (const GpuVerdict &V : K.Verdicts) {
    const RooflineResult &Lo = V.Low, &Hi = V.High;
    bool Decided = Lo.Verdict != std::nullopt && Hi.Verdict != std::nullopt;
    auto [Intensity, Ridge] = boundIntensityCells(V);
    std::vector<std::string> Row = {
        V.Gpu ? V.Gpu->Name : "?",
        boundCell(V),
        Decided ? formatSpan(Lo.PredictedTime, Hi.PredictedTime, Duration)
                : "-",
        Intensity,
        Ridge,
        levelCell(V, Level::Compute),
        levelCell(V, Level::Dram),
        levelCell(V, Level::L2),
        levelCell(V, Level::L1)};
    if (Latency)
      Row.push_back(levelCell(V, Level::Latency));
    if (Atomics)
      Row.push_back(levelCell(V, Level::Atomics));
    if (Launch)
      Row.push_back(levelCell(V, Level::Launch));
    Rows.push_back(Row);
  }

  std::vector<size_t> Widths(Rows.front().size(), 0);
  for (const auto &Row : Rows)
    for (size_t C = 0; C < Row.size(); ++C)
      Widths[C] = std::max(Widths[C], Row[C].size());
  for (size_t R = 0; R < Rows.size(); ++R) {
    std::string Line;
    for (size_t C = 0; C < Rows[R].size(); ++C) {
      const std::string &Text = Rows[R][C];
      std::string Pad = C + 1 < Rows[R].size() && Text.size() < Widths[C] + 2
                            ? std::string(Widths[C] + 2 - Text.size(), ' ')
                            : "";
      Line += (R > 0 && C == 1 ? S.bound(K.Verdicts[R - 1].High.Verdict, Text)
                               : Text) +
              Pad;
    }
    OS << "  " << (R == 0 ? S.dim(Line) : Line) << "\n";
  }
  // The compiled instructions: what issuing them takes on each GPU.
  for (const GpuVerdict &V : K.Verdicts)
    if (std::string Issue = issueText(V); !Issue.empty())
      OS << label("issue") << (V.Gpu ? V.Gpu->Name : "?") << ": " << Issue
         << "\n";
  // What the launch costs beyond its work.
  for (const GpuVerdict &V : K.Verdicts)
    if (std::string Launch = launchCostText(V); !Launch.empty())
      OS << label("launch") << (V.Gpu ? V.Gpu->Name : "?") << ": " << Launch
         << "\n";
  // Little's law beside the table: what the resident warps sustain.
  for (const GpuVerdict &V : K.Verdicts) {
    const RooflineResult &Lo = V.Low, &Hi = V.High;
    if (!Lo.LatencyKnown || !Hi.LatencyKnown)
      continue;
    OS << label("latency") << (V.Gpu ? V.Gpu->Name : "?") << ": "
       << formatSpan(Lo.LatencyBandwidth, Hi.LatencyBandwidth,
                     [](double X) { return formatSi(X, "B/s"); })
       << " (" << std::to_string(std::llround(Hi.ConcurrentWarps))
       << " warps x "
       << formatSpan(Lo.InFlightBytesPerThread, Hi.InFlightBytesPerThread,
                     [](double X) { return formatSignificant(X); })
       << " B of loads in flight per thread / "
       << formatSpan(Lo.LatencySeconds, Hi.LatencySeconds, Duration)
       << " DRAM latency), the loads' "
       << formatSi(Hi.LatencyTime * Hi.LatencyBandwidth, "B") << " of DRAM in "
       << formatSpan(Lo.LatencyTime, Hi.LatencyTime, Duration);
    // The latency column is the longer of this and the warps' own chain
    // of dependent instructions (the issue model): say which sets it.
    if (Hi.IssueKnown && Hi.WarpLatencyTime > Hi.LatencyTime)
      OS << "; the warps' own dependent instructions take "
         << formatSpan(Lo.IssueKnown ? Lo.WarpLatencyTime : Hi.WarpLatencyTime,
                       Hi.WarpLatencyTime, Duration)
         << ", which sets the latency column";
    OS << "\n";
  }
}

void renderFinding(std::ostringstream &OS, const Finding &F, const Style &S,
                   const char *Indent) {
  OS << Indent;
  if (F.Loc.valid())
    OS << locationText(F.Loc) << ": ";
  OS << S.severity(F.Level) << ": " << F.Message;
  if (!F.Id.empty())
    OS << " [" << F.Id << "]";
  OS << "\n";
  for (const FixIt &X : F.Fixes)
    OS << Indent << "  " << S.hint("fix-it:") << " " << locationText(X.Loc)
       << ": replace '" << X.Original << "' with '" << X.Replacement << "'\n";
}

/// The assumptions of K, each once; how many the output left out.
std::vector<std::string> assumptionsOf(const KernelReport &K) {
  std::vector<std::string> Assumptions = noteTexts(K.Assumptions);
  addNoteTexts(Assumptions, K.Model.Assumptions);
  return Assumptions;
}

void renderNotes(std::ostringstream &OS, const KernelReport &K, const Style &S,
                 bool Verbose) {
  std::vector<std::string> Notes;
  for (const GpuVerdict &V : K.Verdicts) {
    addNoteTexts(Notes, V.Low.Notes);
    addNoteTexts(Notes, V.High.Notes);
  }
  for (const std::string &Reason : noteTexts(K.Model.RangeReasons))
    OS << "  range: " << Reason << "\n";
  if (Verbose)
    for (const std::string &A : assumptionsOf(K))
      OS << "  " << S.dim("assumes: " + A) << "\n";
  for (const std::string &N : Notes)
    OS << "  note: " << N << "\n";
}

/// How a launch is told apart from the kernel's other launches.
std::string launchLabel(const KernelReport &K, size_t Index) {
  const LaunchSpec &L = K.Launch;
  if (!L.CaseName.empty())
    return "[" + L.CaseName + "]";
  if (L.Site.valid())
    return std::to_string(L.Site.Line) + ":" + std::to_string(L.Site.Column);
  return "#" + std::to_string(Index + 1);
}

/// A finding of a kernel and the launches (by index) that have it.
struct KernelFinding {
  Finding F;
  std::vector<size_t> Launches;
};

/// Adds K's findings to the kernel's list, each once.
void collectFindings(std::vector<KernelFinding> &Into, const KernelReport &K,
                     size_t Index) {
  for (const auto *List : {&K.Findings, &K.Model.Findings})
    for (const Finding &F : *List) {
      auto It =
          std::find_if(Into.begin(), Into.end(), [&](const KernelFinding &E) {
            return sameFinding(E.F, F);
          });
      if (It == Into.end())
        Into.push_back({F, {Index}});
      else if (It->Launches.back() != Index)
        It->Launches.push_back(Index);
    }
}

/// The findings of one kernel's launches, each once; with several
/// launches, a finding that not all of them have names the ones it has.
void renderFindings(std::ostringstream &OS,
                    const std::vector<KernelFinding> &Entries,
                    const std::vector<std::string> &Labels, const Style &S) {
  for (const KernelFinding &E : Entries) {
    std::ostringstream Line;
    renderFinding(Line, E.F, S, "  ");
    std::string Text = Line.str();
    if (Labels.size() > 1) {
      std::string Which;
      if (E.Launches.size() == Labels.size()) {
        Which = "all " + std::to_string(Labels.size()) + " launches";
      } else {
        Which = E.Launches.size() == 1 ? "launch " : "launches ";
        for (size_t N = 0; N < E.Launches.size(); ++N)
          Which += (N ? ", " : "") + Labels[E.Launches[N]];
      }
      // After the finding's own line, before its fix-it lines.
      Text.insert(Text.find('\n'), "  " + S.dim("(" + Which + ")"));
    }
    OS << Text;
  }
}

/// "4.19 us" or "1.1 ms .. 1.4 ms": a range in Format's units.
template <typename FormatFn>
std::string rangeText(const NumberRange &V, FormatFn Format) {
  return V.isExact() ? Format(V.Low) : Format(V.Low) + " .. " + Format(V.High);
}

std::string plural(size_t N, llvm::StringRef Word) {
  if (N == 1)
    return "1 " + Word.str();
  // "entry" -> "entries", "kernel" -> "kernels".
  if (Word.ends_with("y"))
    return std::to_string(N) + " " + Word.drop_back().str() + "ies";
  return std::to_string(N) + " " + Word.str() + "s";
}

/// "all 128 launches: 0 FLOP, 38.6 MB DRAM; H200 1.1 ms (one launch 4 us ..
/// 11 us)": a merged entry's contexts bound one by one and summed.
void renderContextSum(std::ostringstream &OS, const ContextSum &Sum) {
  if (!Sum.complete()) {
    const std::string Why = Sum.Why ? noteText(*Sum.Why) : std::string();
    OS << label("in all") << "not summed: " << Sum.Unbound << " of "
       << Sum.Contexts << " calling contexts unbound"
       << (Why.empty() ? "" : " (" + Why + ")") << "\n";
    return;
  }
  auto Duration = [](double X) { return formatDuration(X); };
  OS << label("in all") << formatGrouped(Sum.Launches)
     << (Sum.Launches == 1 ? " launch" : " launches") << " over "
     << plural(Sum.Contexts, "calling context") << ": "
     << rangeText(Sum.Flops, [](double X) { return formatSi(X, "FLOP"); })
     << ", "
     << rangeText(Sum.DramBytes, [](double X) { return formatSi(X, "B"); })
     << " DRAM";
  for (size_t G = 0; G < Sum.Gpus.size() && G < Sum.Time.size(); ++G)
    if (Sum.Gpus[G])
      OS << "; " << Sum.Gpus[G]->Name << " " << rangeText(Sum.Time[G], Duration)
         << " (one launch " << rangeText(Sum.LaunchTime[G], Duration) << ")";
  OS << "\n";
}

void renderKernel(std::ostringstream &OS, const KernelReport &K, const Style &S,
                  bool Verbose, bool Lines) {
  OS << header(K, S) << "\n";
  if (K.Totals) {
    // A bound launch whose dynamic shared memory is not known ("smem ?")
    // says why and how to give it.
    if (!K.Launch.DynamicSmem)
      for (const Note &N : K.Launch.Notes)
        if (aboutDynamicSmem(N))
          OS << "  launch: " << noteText(N) << "\n";
    renderBoundTotals(OS, K);
    renderVerdicts(OS, K, S);
  } else {
    renderUnbound(OS, K, S);
  }
  if (K.Sum)
    renderContextSum(OS, *K.Sum);
  if (std::string Occ = occupancySummary(K); !Occ.empty())
    OS << label("occupancy") << Occ << "\n";
  if (std::string Next = nextStepText(K); !Next.empty())
    OS << label("next") << S.hint(Next) << "\n";
  if (Lines)
    OS << lineTrafficText(K);
  OS << questionsText(K);
  renderNotes(OS, K, S, Verbose);
}

/// Launches of one kernel follow each other in the report.
bool sameKernel(const KernelReport &A, const KernelReport &B) {
  return A.Model.Name == B.Model.Name &&
         A.Model.Location.File == B.Model.Location.File &&
         A.Model.Location.Line == B.Model.Location.Line &&
         A.Model.Location.Column == B.Model.Location.Column;
}

/// The kernel's verdict on Gpu: matched by identity, else by position.
const GpuVerdict *verdictOn(const KernelReport &K, const GpuSpec *Gpu,
                            size_t Index) {
  for (const GpuVerdict &V : K.Verdicts)
    if (V.Gpu == Gpu)
      return &V;
  // A body read for some architectures has verdicts on their GPUs only.
  if (!K.Model.Archs.empty())
    return nullptr;
  return Index < K.Verdicts.size() ? &K.Verdicts[Index] : nullptr;
}

/// What the summary line of one GPU counts.
struct VerdictCounts {
  size_t Memory = 0, Compute = 0, Unknown = 0, Unbound = 0, Invalid = 0;
  /// The memory side by level.
  std::array<size_t, NumLevels> ByLevel{};

  void add(const KernelReport &K, const GpuVerdict *V) {
    // A launch CUDA rejects, or a value the model cannot use, is not
    // waiting for a binding.
    bool Rejected = llvm::any_of(K.Findings, [](const Finding &F) {
      return F.Id == "rl-invalid-launch" || F.Id == "rl-invalid-binding";
    });
    if (!K.Totals && Rejected)
      ++Invalid;
    else if (!K.Totals)
      ++Unbound;
    else if (!V || V->High.Verdict == std::nullopt)
      ++Unknown;
    else if (isMemorySide(V->High.Verdict)) {
      ++Memory;
      ++ByLevel[static_cast<unsigned>(*V->High.Verdict)];
    } else
      ++Compute;
  }
};

void renderProgram(std::ostringstream &OS, const Report &R, const Style &S) {
  const ProgramTotals &P = R.Program;
  if (!P.Present)
    return;
  OS << S.bold("program:") << " " << formatGrouped(P.Launches)
     << (P.Launches == 1 ? " launch" : " launches") << " when main runs, "
     << rangeText(P.Flops, [](double X) { return formatSi(X, "FLOP"); }) << ", "
     << rangeText(P.DramBytes, [](double X) { return formatSi(X, "B"); })
     << " DRAM";
  for (size_t G = 0; G < R.Gpus.size() && G < P.Time.size(); ++G)
    if (R.Gpus[G])
      OS << "; " << R.Gpus[G]->Name << " "
         << rangeText(P.Time[G], [](double X) { return formatDuration(X); });
  if (P.Missing)
    OS << " (" << plural(P.Missing, "entry") << " without a count or totals "
       << "left out)";
  OS << "\n";
}

void renderSummary(std::ostringstream &OS, const Report &R, size_t Kernels,
                   const std::vector<VerdictCounts> &Counts, const Style &S) {
  std::string NotAnalysed =
      R.NotAnalysed.empty()
          ? ""
          : ", " + std::to_string(R.NotAnalysed.size()) + " not analysed";
  if (Kernels == 0) {
    OS << S.bold("summary:") << " no kernels analysed" << NotAnalysed << "\n";
    return;
  }
  std::string Analysed = plural(Kernels, "kernel") + " analysed" + NotAnalysed;
  if (R.Gpus.empty()) {
    OS << S.bold("summary:") << " " << Analysed << " (no GPU selected)\n";
    return;
  }
  for (size_t I = 0; I < R.Gpus.size(); ++I) {
    const VerdictCounts &C = Counts[I];
    OS << S.bold("summary:") << " "
       << (R.Gpus[I] ? R.Gpus[I]->Name : std::string("?")) << ": " << Analysed
       << ", " << C.Memory << " memory-bound";
    std::string Levels;
    for (unsigned L = 0; L < NumLevels; ++L)
      if (C.ByLevel[L])
        Levels += (Levels.empty() ? "" : ", ") + std::to_string(C.ByLevel[L]) +
                  " " + levelName(static_cast<Level>(L));
    if (!Levels.empty())
      OS << " (" << Levels << ")";
    OS << ", " << C.Compute << " compute-bound";
    if (C.Unknown)
      OS << ", " << C.Unknown << " unknown";
    if (C.Unbound)
      OS << ", " << C.Unbound << " unbound";
    if (C.Invalid)
      OS << ", " << C.Invalid << " invalid";
    OS << "\n";
  }
  renderProgram(OS, R, S);
}

/// The text report, written as its entries arrive. A kernel's findings
/// close its last launch, so each entry's closing blank line waits until
/// the next entry shows whether the kernel goes on.
class TextWriter : public ReportWriter {
public:
  TextWriter(llvm::raw_ostream &Out, bool Color, bool Verbose, bool Lines)
      : Out(Out), S(Color), Verbose(Verbose), Lines(Lines) {}

  void begin(const Report &R) override {
    std::ostringstream OS;
    for (const Finding &F : R.Findings)
      renderFinding(OS, F, S, "");
    if (!R.Findings.empty())
      OS << "\n";
    FindingsShown = R.Findings.size();
    Counts.assign(R.Gpus.size(), VerdictCounts{});
    Out << OS.str();
  }

  void entry(const Report &R, const KernelReport &K) override {
    std::ostringstream OS;
    if (Group) {
      if (!sameKernel(*Group, K))
        closeKernel(OS);
      else
        OS << "\n";
    }
    if (!Group) {
      Group = std::make_unique<KernelReport>();
      Group->Model.Name = K.Model.Name;
      Group->Model.Location = K.Model.Location;
    }
    renderKernel(OS, K, S, Verbose, Lines);
    if (!Verbose)
      Hidden += assumptionsOf(K).size();
    collectFindings(Findings, K, Labels.size());
    Labels.push_back(launchLabel(K, Labels.size()));
    ++Kernels;
    for (size_t I = 0; I < R.Gpus.size(); ++I)
      Counts[I].add(K, verdictOn(K, R.Gpus[I], I));
    Out << OS.str();
  }

  void end(const Report &R) override {
    std::ostringstream OS;
    if (Group)
      closeKernel(OS);
    // File findings made after the launches were bound (a fusion chain of
    // a streamed report).
    for (size_t I = FindingsShown; I < R.Findings.size(); ++I)
      renderFinding(OS, R.Findings[I], S, "");
    if (R.Findings.size() > FindingsShown)
      OS << "\n";
    OS << libraryCallsText(R);
    renderSummary(OS, R, Kernels, Counts, S);
    if (Hidden)
      OS << S.dim(plural(Hidden, "assumption") +
                  " not shown; --verbose "
                  "prints them (the JSON report has them all)")
         << "\n";
    if (!R.Suppressed.empty())
      OS << S.dim(plural(R.Suppressed.size(), "finding") +
                  " suppressed by rl-analyze: ignore comments")
         << "\n";
    Out << OS.str();
  }

private:
  void closeKernel(std::ostringstream &OS) {
    renderFindings(OS, Findings, Labels, S);
    OS << "\n";
    Group.reset();
    Findings.clear();
    Labels.clear();
  }

  llvm::raw_ostream &Out;
  Style S;
  bool Verbose, Lines;
  /// The kernel whose launches are being written (name and location only).
  std::unique_ptr<KernelReport> Group;
  std::vector<KernelFinding> Findings;
  std::vector<std::string> Labels; ///< of the kernel's launches so far
  size_t FindingsShown = 0, Hidden = 0, Kernels = 0;
  std::vector<VerdictCounts> Counts; ///< per GPU of the report
};

} // namespace

std::unique_ptr<ReportWriter> makeTextWriter(llvm::raw_ostream &Out, bool Color,
                                             bool Verbose, bool Lines) {
  return std::make_unique<TextWriter>(Out, Color, Verbose, Lines);
}

std::string renderText(const Report &R, bool Color, bool Verbose, bool Lines) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  TextWriter W(OS, Color, Verbose, Lines);
  writeReport(R, W);
  OS.flush();
  return Text;
}

} // namespace rla
