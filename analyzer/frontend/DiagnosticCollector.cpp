//===- DiagnosticCollector.cpp --------------------------------------------===//
#include "analyzer/frontend/DiagnosticCollector.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rla {

bool isErrorNvccAccepts(unsigned DiagID) {
  switch (DiagID) {
  // `__shared__ cuda::barrier<...> bar;`: nvcc warns that the constructor
  // is not run and compiles it.
  case diag::err_shared_var_init:
  // `int a[n] = {0};` in host code: g++, nvcc's host compiler, accepts it.
  case diag::err_variable_object_no_init:
    return true;
  default:
    return false;
  }
}

DiagnosticCollector::DiagnosticCollector()
    : TextStream(Text),
      Printer(std::make_unique<TextDiagnosticPrinter>(TextStream, Options)) {}

DiagnosticCollector::~DiagnosticCollector() = default;

void DiagnosticCollector::BeginSourceFile(const LangOptions &LO,
                                          const Preprocessor *PP) {
  Printer->BeginSourceFile(LO, PP);
}

void DiagnosticCollector::EndSourceFile() { Printer->EndSourceFile(); }

std::string DiagnosticCollector::text() {
  TextStream.flush();
  return Text;
}

void DiagnosticCollector::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                           const Diagnostic &Info) {
  bool Tolerated =
      Level >= DiagnosticsEngine::Error && isErrorNvccAccepts(Info.getID());
  // The count that clients (ClangTool's exit status) read stays clang's.
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  Printer->HandleDiagnostic(Level, Info);
  if (Level < DiagnosticsEngine::Error || Tolerated)
    return;
  Fatal |= Level == DiagnosticsEngine::Fatal;
  llvm::SmallString<128> Message;
  Info.FormatDiagnostic(Message);
  if (!Info.hasSourceManager() || Info.getLocation().isInvalid()) {
    ++Unplaced;
    return;
  }
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(Info.getLocation());
  PresumedLoc P = SM.getPresumedLoc(Loc);
  SourceError E;
  E.Loc = Loc;
  E.Where.Id = "rl-frontend-error";
  E.Where.Level = Severity::Warning;
  E.Where.Message = "clang: " + Message.str().str();
  if (!Side.empty())
    E.Where.Message += " (compiling for " + Side + ")";
  if (P.isValid())
    E.Where.Loc = SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};
  Errors.push_back(std::move(E));
}

} // namespace rla
