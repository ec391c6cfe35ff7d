//===- FindingEmitter.cpp -------------------------------------------------===//
#include "FindingEmitter.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rla {

static const char GroupName[] = "rl-analyze";

FindingEmitter::FindingEmitter(CompilerInstance &CI,
                               const std::vector<std::string> &PluginFlags)
    : CI(CI) {
  // Later options win, as for clang's own groups.
  for (const std::string &W : CI.getDiagnosticOpts().Warnings)
    applyFlag(W);
  for (const std::string &W : PluginFlags)
    applyFlag(W);
}

void FindingEmitter::applyFlag(llvm::StringRef Opt) {
  bool Negative = Opt.consume_front("no-");
  bool Error = Opt.consume_front("error=");
  if (Opt != GroupName && !Opt.starts_with("rl-"))
    return;
  bool All = Opt == GroupName;
  if (Error) {
    if (All)
      AllErrors = !Negative;
    else if (Negative)
      Errors.erase(Opt.str());
    else
      Errors.insert(Opt.str());
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
  auto File = CI.getFileManager().getOptionalFileRef(L.File);
  if (!File)
    return SourceLocation();
  return SM.translateFileLineCol(*File, L.Line, L.Column ? L.Column : 1);
}

unsigned FindingEmitter::idFor(const Finding &F) {
  DiagnosticIDs::Class Class = DiagnosticIDs::CLASS_REMARK;
  diag::Severity Level = diag::Severity::Remark;
  bool AsError = AllErrors || Errors.count(F.Id);
  if (F.Level == Severity::Error || AsError) {
    Class = DiagnosticIDs::CLASS_ERROR;
    Level = diag::Severity::Error;
  } else if (F.Level == Severity::Warning) {
    Class = DiagnosticIDs::CLASS_WARNING;
    Level = diag::Severity::Warning;
  }
  // A note must follow another diagnostic in clang; a stand-alone finding
  // of note level is reported as a remark instead.
  std::string Text = F.Message;
  if (!F.Id.empty())
    Text += " [" + F.Id + "]";
  // The text is a format string: escape clang's '%' directives.
  std::string Escaped;
  for (char C : Text) {
    if (C == '%')
      Escaped += '%';
    Escaped += C;
  }
  return CI.getDiagnostics().getDiagnosticIDs()->getCustomDiagID(
      DiagnosticIDs::CustomDiagDesc(Level, Escaped, Class));
}

void FindingEmitter::emit(const std::vector<Finding> &Findings) {
  if (AllOff)
    return;
  for (const Finding &F : Findings) {
    if (Off.count(F.Id))
      continue;
    CI.getDiagnostics().Report(locate(F.Loc), idFor(F));
  }
}

} // namespace rla
