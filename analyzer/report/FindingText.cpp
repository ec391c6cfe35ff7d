//===- FindingText.cpp ----------------------------------------------------===//
#include "analyzer/report/FindingText.h"
#include "analyzer/models/NextStep.h"
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/report/FindingValues.h"
#include "analyzer/report/NoteText.h"
#include "analyzer/support/HumanUnits.h"

#include <cstdio>

namespace rla {

namespace {

/// A finding no wording knows: its data as "name=value", never nothing.
std::string rawData(const Finding &F) {
  std::string Out;
  for (const auto &[Name, Value] : F.Data) {
    Out += (Out.empty() ? "" : ", ") + Name + "=";
    if (const double *D = std::get_if<double>(&Value)) {
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "%.6g", *D);
      Out += Buf;
    } else
      Out += std::get<std::string>(Value);
  }
  return F.Id + (Out.empty() ? "" : ": " + Out);
}

} // namespace

std::string findingText(const Finding &F) {
  if (!F.Message.empty())
    return F.Message;
  if (F.Words)
    return noteText(*F.Words);
  const DiagnosticInfo *D = findDiagnostic(F.Id);
  if (!D || !D->Wording || F.Data.empty())
    return rawData(F);
  return D->Wording(FindingValues(F));
}

void wordFindings(std::vector<Finding> &Findings) {
  for (Finding &F : Findings)
    if (F.Message.empty())
      F.Message = findingText(F);
}

/// "; it costs 6.45 us of the 8.56 us predicted on H200": what fixing the
/// access of F saves on the first GPU, as its priced fix says (NextStep.h);
/// nothing when it saves under 1%.
std::string accessCost(const Finding &F, const KernelReport &K) {
  if (K.Verdicts.empty() || !K.Verdicts.front().Gpu)
    return "";
  const GpuVerdict &V = K.Verdicts.front();
  SiteFix::Kind Wanted =
      F.Id == "rl-uncoalesced" ? SiteFix::Coalesce : SiteFix::ConflictFree;
  for (const SiteFix &Fix : V.Fixes) {
    const SourceLoc &L = Fix.Site.Loc;
    if (Fix.What != Wanted || L.File != F.Loc.File || L.Line != F.Loc.Line ||
        L.Column != F.Loc.Column)
      continue;
    // An access that does not set the time (another level or compute
    // does) is said as it is: the same words for every launch.
    double Now = V.High.PredictedTime;
    double Saved = Now - Fix.After.Seconds;
    if (Saved <= 0.01 * Now)
      return "";
    return "; it costs " + formatDuration(Saved) + " of the " +
           formatDuration(Now) + " predicted on " + V.Gpu->Name;
  }
  return "";
}

void wordFindings(KernelReport &K) {
  // The body's findings (the walker's) that carry data, not words.
  wordFindings(K.Model.Findings);
  for (Finding &F : K.Findings)
    if (F.Message.empty()) {
      F.Message = findingText(F);
      if (F.Id == "rl-uncoalesced" || F.Id == "rl-bank-conflict")
        F.Message += accessCost(F, K);
    }
}

} // namespace rla
