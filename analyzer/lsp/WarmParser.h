//===- WarmParser.h - Re-parses a document, headers warm ----*- C++ -*-===//
//-*-===//
///
/// \file
/// Keeps a clang::ASTUnit for one open document. The first parse also
/// precompiles the preamble (the #include block at the top, i.e. the CUDA
/// runtime headers), so that re-parsing after an edit only parses the rest
/// of the file. Parses the editor's text, not the file on disk.
//===----------------------------------------------------------------------===//
#ifndef RLA_LSP_WARMPARSER_H
#define RLA_LSP_WARMPARSER_H

#include "analyzer/frontend/CudaParser.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
}

namespace rla {

/// A compiler diagnostic (error or warning from clang itself).
struct CompilerDiagnostic {
  Severity Level = Severity::Error;
  std::string Message;
  SourceLoc Loc;
};

struct WarmParse {
  ParsedFile Parsed; ///< kernels, launches, findings (empty on errors)
  std::vector<CompilerDiagnostic> Compiler;
  bool HasErrors = false;
  bool ReusedPreamble = false;  ///< headers came from the warm preamble
  double Milliseconds = 0;      ///< parse and extraction
  double ParseMilliseconds = 0; ///< parse alone
};

class WarmParser {
public:
  /// Args: the compiler arguments of buildParseArguments(); File: the
  /// document's absolute path; Compat: what the parse adds to Args to
  /// accept what nvcc accepts (addNvccCompatibilityArguments), left out of
  /// the recorded command line that the nvcc compile for resources reuses.
  WarmParser(std::vector<std::string> Args, std::string File,
             std::vector<std::string> Compat = {});
  ~WarmParser();

  const std::vector<std::string> &arguments() const { return Args; }

  /// Parses Text as the contents of the file; false with Error set when
  /// clang could not run at all.
  bool parse(const std::string &Text, WarmParse &Out, std::string &Error);

private:
  bool createUnit(const std::string &Text, WarmParse &Out, std::string &Error);

  std::vector<std::string> Args;
  std::string File;
  std::vector<std::string> Compat;
  std::unique_ptr<clang::ASTUnit> Unit;
  unsigned Parses = 0;
};

} // namespace rla

#endif // RLA_LSP_WARMPARSER_H
