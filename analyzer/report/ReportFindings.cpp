//===- ReportFindings.cpp -------------------------------------------------===//
#include "analyzer/report/ReportFindings.h"
#include "analyzer/report/CheckFilter.h"
#include "analyzer/support/HumanUnits.h"

#include <map>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace rla {

namespace {

using Json = nlohmann::ordered_json;

std::string stringOr(const Json &J, const char *Key, std::string Default) {
  auto It = J.find(Key);
  return It != J.end() && It->is_string() ? It->get<std::string>() : Default;
}

unsigned unsignedOr(const Json &J, const char *Key) {
  auto It = J.find(Key);
  if (It == J.end() || !It->is_number_integer() || It->get<int64_t>() < 0)
    return 0;
  return It->get<unsigned>();
}

Finding fromJson(const Json &D) {
  Finding F;
  F.Id = stringOr(D, "id", "");
  parseSeverity(stringOr(D, "severity", "warning"), F.Level);
  F.Message = stringOr(D, "message", "");
  F.Loc.File = stringOr(D, "file", "");
  F.Loc.Line = unsignedOr(D, "line");
  F.Loc.Column = unsignedOr(D, "column");
  if (D.contains("data") && D["data"].is_object())
    for (const auto &[Name, Value] : D["data"].items()) {
      if (Value.is_string())
        F.Data[Name] = Value.get<std::string>();
      else if (Value.is_number())
        F.Data[Name] = Value.get<double>();
    }
  if (D.contains("fixes") && D["fixes"].is_array())
    for (const Json &X : D["fixes"]) {
      if (!X.is_object())
        continue;
      FixIt Fix;
      Fix.Loc.File = stringOr(X, "file", "");
      Fix.Loc.Line = unsignedOr(X, "line");
      Fix.Loc.Column = unsignedOr(X, "column");
      Fix.Length = unsignedOr(X, "length");
      Fix.Original = stringOr(X, "original", "");
      Fix.Replacement = stringOr(X, "replacement", "");
      if (!Fix.Loc.File.empty() && Fix.Loc.valid() && Fix.Loc.Column > 0)
        F.Fixes.push_back(Fix);
    }
  return F;
}

void add(std::vector<ReportFinding> &Out, const Finding &F, bool Suppressed) {
  for (const ReportFinding &G : Out)
    if (sameFinding(G.F, F))
      return;
  Out.push_back({F, Suppressed});
}

/// The verdict remark of a kernel entry, as the diagnostics output words it.
std::optional<Finding> verdictOf(const Json &K) {
  std::string Bound = stringOr(K, "bound", "unknown");
  // Worded as the diagnostics output words it (DiagnosticRenderer).
  static const std::map<std::string, std::string> Wording = {
      {"compute", "compute"}, {"dram", "memory"},  {"memory", "memory"},
      {"l2", "L2"},           {"l1", "L1"},        {"latency", "latency"},
      {"atomics", "atomics"}, {"launch", "launch"}};
  auto It = Wording.find(Bound);
  if (It == Wording.end())
    return std::nullopt;
  Finding F;
  F.Id = Bound == "compute" ? "rl-compute-bound" : "rl-memory-bound";
  Bound = It->second;
  F.Level = Severity::Remark;
  std::string Name = stringOr(K, "name", "?");
  if (K.contains("case") && K["case"].is_string())
    Name += " [" + K["case"].get<std::string>() + "]";
  std::string Gpu;
  if (K.contains("verdicts") && K["verdicts"].is_array() &&
      !K["verdicts"].empty())
    Gpu = stringOr(K["verdicts"][0], "gpu", "");
  F.Message =
      Name + " is " + Bound + "-bound" + (Gpu.empty() ? "" : " on ") + Gpu;
  if (K.contains("location") && K["location"].is_object()) {
    F.Loc.File = stringOr(K["location"], "file", "");
    F.Loc.Line = unsignedOr(K["location"], "line");
    F.Loc.Column = unsignedOr(K["location"], "column");
  }
  return F;
}

double numberOr(const Json &J, const char *Key) {
  auto It = J.find(Key);
  return It != J.end() && It->is_number() ? It->get<double>() : 0;
}

/// The kernel's lines (docs/json-format.md), largest DRAM share first:
/// "134 MB of DRAM (100% of the launch's), 18.9M sectors; load 67.1 MB,
/// store 67.1 MB ('out', 'in')".
std::vector<RelatedLine> relatedLines(const Json &K) {
  std::vector<std::pair<double, RelatedLine>> Lines;
  if (!K.contains("lines") || !K["lines"].is_array())
    return {};
  auto Bytes = [](double X) {
    return X > 0 ? formatSi(X, "B") : std::string("0 B");
  };
  for (const Json &L : K["lines"]) {
    if (!L.is_object())
      continue;
    RelatedLine R;
    R.Loc.File = stringOr(L, "file", "");
    R.Loc.Line = unsignedOr(L, "line");
    if (R.Loc.File.empty() || !R.Loc.valid())
      continue;
    double Dram = numberOr(L, "dram_bytes"), Share = numberOr(L, "dram_share");
    R.Message = Bytes(Dram) + " of DRAM (" +
                std::to_string(std::llround(100 * Share)) +
                "% of the launch's), " + formatSi(numberOr(L, "sectors")) +
                " sectors; load " + Bytes(numberOr(L, "load_bytes")) +
                ", store " + Bytes(numberOr(L, "store_bytes"));
    if (double Shared = numberOr(L, "shared_bytes"); Shared > 0)
      R.Message += ", shared " + Bytes(Shared);
    std::string Arrays;
    if (L.contains("arrays") && L["arrays"].is_array())
      for (const Json &A : L["arrays"])
        if (A.is_string())
          Arrays += (Arrays.empty() ? "'" : ", '") + A.get<std::string>() + "'";
    if (!Arrays.empty())
      R.Message += " (" + Arrays + ")";
    Lines.push_back({Dram, R});
  }
  std::stable_sort(
      Lines.begin(), Lines.end(),
      [](const auto &A, const auto &B) { return A.first > B.first; });
  std::vector<RelatedLine> Out;
  for (auto &[Dram, R] : Lines)
    Out.push_back(std::move(R));
  return Out;
}

/// The next step of the first verdict as a place to change, worded as the
/// text report words it; none when it is at its roof or has no line.
std::optional<RelatedLine> nextStepLine(const Json &V) {
  auto It = V.find("next_step");
  if (It == V.end() || !It->is_object())
    return std::nullopt;
  const Json &N = *It;
  auto L = N.find("location");
  if (L == N.end() || !L->is_object() || !N.contains("action") ||
      !N["action"].is_string())
    return std::nullopt;
  RelatedLine R;
  R.Loc.File = stringOr(*L, "file", "");
  R.Loc.Line = unsignedOr(*L, "line");
  R.Loc.Column = unsignedOr(*L, "column");
  if (R.Loc.File.empty() || !R.Loc.valid())
    return std::nullopt;
  R.Message = "next step: " + N["action"].get<std::string>() + ": -" +
              formatDuration(numberOr(N, "saving_s")) + " of " +
              formatDuration(numberOr(N, "before_s"));
  if (std::string Gpu = stringOr(V, "gpu", ""); !Gpu.empty())
    R.Message += " on " + Gpu;
  if (std::string After = stringOr(N, "after_bound", ""); !After.empty())
    R.Message += " (then " + After + "-bound)";
  return R;
}

std::optional<VerdictNumbers> verdictNumbers(const Json &V) {
  auto T = V.find("predicted_time_s");
  if (T == V.end() || !T->is_number())
    return std::nullopt;
  VerdictNumbers Out;
  Out.Gpu = stringOr(V, "gpu", "");
  Out.Bound = stringOr(V, "bound", "");
  Out.PredictedTime = T->get<double>();
  if (auto M = V.find("margin"); M != V.end() && M->is_number())
    Out.Margin = M->get<double>();
  Out.Limiters = verdictLimiters(V);
  return Out;
}

} // namespace

std::vector<std::pair<std::string, double>>
verdictLimiters(const Json &Verdict) {
  std::vector<std::pair<std::string, double>> Out;
  if (auto L = Verdict.find("limiters"); L != Verdict.end() && L->is_array())
    for (const Json &X : *L)
      if (X.is_object() && X.contains("time_s") && X["time_s"].is_number())
        Out.push_back({stringOr(X, "level", "?"), X["time_s"].get<double>()});
  return Out;
}

bool parseSeverity(const std::string &Name, Severity &Out) {
  for (Severity S :
       {Severity::Remark, Severity::Note, Severity::Warning, Severity::Error})
    if (Name == severityName(S)) {
      Out = S;
      return true;
    }
  return false;
}

std::vector<ReportFinding> reportFindings(const Json &Report) {
  std::vector<ReportFinding> Out;
  std::vector<Finding> Suppressed;
  if (Report.contains("suppressed") && Report["suppressed"].is_array())
    for (const Json &D : Report["suppressed"])
      Suppressed.push_back(fromJson(D));
  auto IsSuppressed = [&](const Finding &F) {
    return std::any_of(Suppressed.begin(), Suppressed.end(),
                       [&](const Finding &S) {
                         return S.Id == F.Id && S.Loc.File == F.Loc.File &&
                                S.Loc.Line == F.Loc.Line;
                       });
  };
  if (Report.contains("diagnostics") && Report["diagnostics"].is_array())
    for (const Json &D : Report["diagnostics"])
      add(Out, fromJson(D), false);
  CheckFilter Checks;
  Checks.appendUnchecked(stringOr(Report, "checks", "*"));
  if (Report.contains("kernels") && Report["kernels"].is_array())
    for (const Json &K : Report["kernels"]) {
      if (std::optional<Finding> V = verdictOf(K);
          V && !IsSuppressed(*V) && Checks.enabled(V->Id)) {
        size_t Before = Out.size();
        add(Out, *V, false);
        if (Out.size() > Before) {
          Out.back().Related = relatedLines(K);
          const Json *First = nullptr;
          if (K.contains("verdicts") && K["verdicts"].is_array() &&
              !K["verdicts"].empty() && K["verdicts"][0].is_object())
            First = &K["verdicts"][0];
          if (First) {
            if (std::optional<RelatedLine> Next = nextStepLine(*First))
              Out.back().Related.insert(Out.back().Related.begin(), *Next);
            Out.back().Numbers = verdictNumbers(*First);
          }
        }
      }
      if (K.contains("diagnostics") && K["diagnostics"].is_array())
        for (const Json &D : K["diagnostics"])
          add(Out, fromJson(D), false);
    }
  for (const Finding &F : Suppressed)
    add(Out, F, true);
  return Out;
}

} // namespace rla
