//===- CheckFilter.cpp ----------------------------------------------------===//
#include "analyzer/report/CheckFilter.h"
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/report/Report.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace rla {

bool globMatches(llvm::StringRef Pattern, llvm::StringRef Text) {
  // Iterative matching with one backtrack point: linear in practice, and
  // never recursive on a long pattern.
  size_t P = 0, T = 0, Star = llvm::StringRef::npos, Resume = 0;
  while (T < Text.size()) {
    if (P < Pattern.size() && Pattern[P] == '*') {
      Star = P++;
      Resume = T;
    } else if (P < Pattern.size() && Pattern[P] == Text[T]) {
      ++P;
      ++T;
    } else if (Star != llvm::StringRef::npos) {
      P = Star + 1;
      T = ++Resume;
    } else {
      return false;
    }
  }
  while (P < Pattern.size() && Pattern[P] == '*')
    ++P;
  return P == Pattern.size();
}

namespace {

/// The globs of a comma list, trimmed, empty items dropped.
llvm::SmallVector<llvm::StringRef, 8> items(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef, 8> Parts, Out;
  List.split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim());
  return Out;
}

} // namespace

bool CheckFilter::append(llvm::StringRef List, std::string &Error) {
  for (llvm::StringRef Item : items(List)) {
    llvm::StringRef Pattern = Item;
    bool Enable = !Pattern.consume_front("-");
    Pattern = Pattern.trim();
    if (Pattern.empty()) {
      Error = "--checks: '" + Item.str() + "' names no check";
      return false;
    }
    bool Known = false;
    for (const DiagnosticInfo &D : diagnosticRegistry())
      Known |= globMatches(Pattern, D.Id);
    if (!Known) {
      Error = "--checks: '" + Pattern.str() +
              "' matches no finding ID (see --list-diagnostics)";
      return false;
    }
    Globs.push_back({Enable, Pattern.str()});
  }
  return true;
}

void CheckFilter::appendUnchecked(llvm::StringRef List) {
  for (llvm::StringRef Item : items(List)) {
    bool Enable = !Item.consume_front("-");
    if (!Item.trim().empty())
      Globs.push_back({Enable, Item.trim().str()});
  }
}

bool CheckFilter::enabled(llvm::StringRef Id) const {
  if (Id.empty())
    return true;
  for (auto It = Globs.rbegin(); It != Globs.rend(); ++It)
    if (globMatches(It->Pattern, Id))
      return It->Enable;
  return true; // the implicit leading "*"
}

std::string CheckFilter::text() const {
  std::string Out = "*";
  for (const Glob &G : Globs)
    Out += "," + std::string(G.Enable ? "" : "-") + G.Pattern;
  return Out;
}

void dropDisabled(std::vector<Finding> &List, const CheckFilter &Checks) {
  List.erase(
      std::remove_if(List.begin(), List.end(),
                     [&](const Finding &F) { return !Checks.enabled(F.Id); }),
      List.end());
}

void filterKernelFindings(KernelReport &K, const CheckFilter &Checks) {
  dropDisabled(K.Findings, Checks);
  dropDisabled(K.Model.Findings, Checks);
}

void applyCheckFilter(Report &R, const CheckFilter &Checks) {
  dropDisabled(R.Findings, Checks);
  dropDisabled(R.Suppressed, Checks);
  for (KernelReport &K : R.Kernels)
    filterKernelFindings(K, Checks);
  R.Checks = Checks;
}

} // namespace rla
