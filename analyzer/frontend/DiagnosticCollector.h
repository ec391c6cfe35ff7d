//===- DiagnosticCollector.h - Clang's diagnostics, kept --------*- C++ -*-===//
///
/// \file
/// Collects what clang reports during a parse instead of printing it: the
/// full text (printed only when the file cannot be analysed, or on request)
/// and each error with its location, so that the kernels whose bodies hold
/// an error are set aside and the others analysed, as clangd keeps going.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DIAGNOSTICCOLLECTOR_H
#define RLA_FRONTEND_DIAGNOSTICCOLLECTOR_H

#include "analyzer/frontend/device/KernelExtractor.h" // SourceError
#include "analyzer/ir/KernelModel.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace rla {

class DiagnosticCollector : public clang::DiagnosticConsumer {
public:
  DiagnosticCollector();
  ~DiagnosticCollector() override;

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// The errors that count (nvcc rejects the construct too, or may).
  const std::vector<SourceError> &errors() const { return Errors; }
  /// Errors with no location or in the driver, which nothing can set aside.
  unsigned unplacedErrors() const { return Unplaced; }
  bool hadFatalError() const { return Fatal; }
  /// Everything clang printed, as clang prints it.
  std::string text();
  /// Which job the diagnostics came from ("sm_90" for a device-side one);
  /// shown in the messages of errors only one side has.
  void setSide(std::string S) { Side = std::move(S); }

private:
  std::string Text;
  llvm::raw_string_ostream TextStream;
  clang::DiagnosticOptions Options;
  std::unique_ptr<clang::TextDiagnosticPrinter> Printer;
  std::vector<SourceError> Errors;
  unsigned Unplaced = 0;
  bool Fatal = false;
  std::string Side;
};

/// Whether clang's error ID is one nvcc accepts (as a warning at most), so
/// that the construct is analysed as nvcc compiles it.
bool isErrorNvccAccepts(unsigned DiagID);

} // namespace rla

#endif // RLA_FRONTEND_DIAGNOSTICCOLLECTOR_H
