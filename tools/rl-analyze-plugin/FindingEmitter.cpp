//===- FindingEmitter.cpp -------------------------------------------------===//
#include "FindingEmitter.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/SourceManagerInternals.h"

using namespace clang;

namespace rla {

static const char GroupName[] = "rl-analyze";

FindingEmitter::FindingEmitter(CompilerInstance &CI,
                               const std::vector<std::string> &PluginFlags)
    : CI(CI) {
  IgnoreWarnings = CI.getDiagnosticOpts().IgnoreWarnings;
  // Later options win, as for clang's own groups.
  for (const std::string &W : CI.getDiagnosticOpts().Warnings)
    applyFlag(W);
  for (const std::string &W : PluginFlags)
    applyFlag(W);
}

void FindingEmitter::applyFlag(llvm::StringRef Opt) {
  bool Negative = Opt.consume_front("no-");
  if (Opt == "error") { // -Werror, -Wno-error
    WarningsAsErrors = !Negative;
    return;
  }
  bool Error = Opt.consume_front("error=");
  if (Opt != GroupName && !Opt.starts_with("rl-"))
    return;
  bool All = Opt == GroupName;
  if (Error) {
    if (All)
      AllErrors = !Negative;
    else if (Negative) {
      Errors.erase(Opt.str());
      NotErrors.insert(Opt.str());
    } else {
      Errors.insert(Opt.str());
      NotErrors.erase(Opt.str());
    }
    return;
  }
  if (All)
    AllOff = Negative;
  else if (Negative)
    Off.insert(Opt.str());
  else
    Off.erase(Opt.str());
}

SourceLocation FindingEmitter::locate(const SourceLoc &L) {
  if (L.File.empty() || !L.valid())
    return SourceLocation();
  SourceManager &SM = CI.getSourceManager();
  if (auto File = CI.getFileManager().getOptionalFileRef(L.File)) {
    SourceLocation Loc =
        SM.translateFileLineCol(*File, L.Line, L.Column ? L.Column : 1);
    if (Loc.isValid())
      return Loc;
  }
  return locateByLineMarkers(L);
}

/// A distributed compile (distcc) gets the file preprocessed elsewhere: the
/// findings name the original files of its line markers, which need not
/// exist here, so the place is found through the main file's markers.
SourceLocation FindingEmitter::locateByLineMarkers(const SourceLoc &L) {
  SourceManager &SM = CI.getSourceManager();
  if (!SM.hasLineTable())
    return SourceLocation();
  FileID Main = SM.getMainFileID();
  LineTableInfo &Table = SM.getLineTable();
  for (auto It = Table.begin(); It != Table.end(); ++It) {
    if (It->first != Main)
      continue;
    const std::vector<LineEntry> &Entries = It->second;
    for (size_t I = 0; I < Entries.size(); ++I) {
      const LineEntry &E = Entries[I];
      if (E.FilenameID < 0 || E.LineNo > L.Line ||
          Table.getFilename(E.FilenameID) != L.File)
        continue;
      // As SourceManager::getPresumedLoc counts, backwards: the line after
      // the marker has the marker's number.
      unsigned Line =
          SM.getLineNumber(Main, E.FileOffset) + 1 + (L.Line - E.LineNo);
      SourceLocation Loc =
          SM.translateLineCol(Main, Line, L.Column ? L.Column : 1);
      unsigned Offset = SM.getFileOffset(Loc);
      bool Inside =
          Offset >= E.FileOffset &&
          (I + 1 == Entries.size() || Offset < Entries[I + 1].FileOffset);
      if (Loc.isValid() && Inside)
        return Loc;
    }
  }
  return SourceLocation();
}

unsigned FindingEmitter::idFor(const Finding &F) {
  // Remarks stay remarks; so do notes, as clang shows a note only after
  // another diagnostic.
  DiagnosticIDs::Class Class = DiagnosticIDs::CLASS_REMARK;
  diag::Severity Level = diag::Severity::Remark;
  bool Promoted = F.Level == Severity::Warning && WarningsAsErrors &&
                  !IgnoreWarnings && !NotErrors.count(F.Id);
  if (F.Level == Severity::Error || AllErrors || Errors.count(F.Id) ||
      Promoted) {
    Class = DiagnosticIDs::CLASS_ERROR;
    Level = diag::Severity::Error;
  } else if (F.Level == Severity::Warning) {
    Class = DiagnosticIDs::CLASS_WARNING;
    Level = diag::Severity::Warning;
  }
  // The text is the argument, never the format string, so that a '%' in a
  // message is printed as it is.
  return CI.getDiagnostics().getDiagnosticIDs()->getCustomDiagID(
      DiagnosticIDs::CustomDiagDesc(Level, "%0", Class));
}

void FindingEmitter::emit(const std::vector<Finding> &Findings) {
  if (AllOff)
    return;
  for (const Finding &F : Findings) {
    if (Off.count(F.Id))
      continue;
    // -w: warnings go, unless made errors by ID (as clang's -Werror=ID).
    if (IgnoreWarnings && F.Level == Severity::Warning && !AllErrors &&
        !Errors.count(F.Id))
      continue;
    std::string Text = F.Message;
    if (!F.Id.empty())
      Text += " [" + F.Id + "]";
    DiagnosticBuilder D = CI.getDiagnostics().Report(locate(F.Loc), idFor(F));
    D << Text;
    for (const FixIt &X : F.Fixes) {
      SourceLocation Begin = locate(X.Loc);
      if (Begin.isValid())
        D << FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(
                Begin, Begin.getLocWithOffset(int(X.Length))),
            X.Replacement);
    }
  }
}

} // namespace rla
