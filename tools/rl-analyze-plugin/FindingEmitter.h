//===- FindingEmitter.h - Findings as clang diagnostics ---------*- C++ -*-===//
///
/// \file
/// Reports rl-analyze findings through the compiler's DiagnosticsEngine, so
/// that they appear (and are counted, -Werror'd and -verify'd) like the
/// compiler's own. Each finding ID can be turned off with -Wno-<id>, all of
/// them with -Wno-rl-analyze, and made an error with -Werror=<id>.
//===----------------------------------------------------------------------===//
#ifndef RLA_PLUGIN_FINDINGEMITTER_H
#define RLA_PLUGIN_FINDINGEMITTER_H

#include "analyzer/ir/KernelModel.h"

#include "clang/Frontend/CompilerInstance.h"

#include <set>
#include <string>
#include <vector>

namespace rla {

class FindingEmitter {
public:
  /// Reads the -W options of CI's compile for the rl-analyze switches, then
  /// PluginFlags (the same switches given as plugin arguments, without
  /// "-W", which clang does not warn about as unknown options).
  FindingEmitter(clang::CompilerInstance &CI,
                 const std::vector<std::string> &PluginFlags);

  /// One diagnostic per finding, in order.
  void emit(const std::vector<Finding> &Findings);

private:
  clang::SourceLocation locate(const SourceLoc &L);
  clang::SourceLocation locateByLineMarkers(const SourceLoc &L);
  unsigned idFor(const Finding &F);
  void applyFlag(llvm::StringRef Flag);

  clang::CompilerInstance &CI;
  bool AllOff = false, AllErrors = false;
  /// -Werror and -w of the compile, as clang applies them to its own
  /// warnings: -w drops every warning not made an error by ID, -Werror
  /// makes the rest errors unless -Wno-error=ID exempts one.
  bool WarningsAsErrors = false, IgnoreWarnings = false;
  std::set<std::string> Off, Errors, NotErrors;
};

} // namespace rla

#endif // RLA_PLUGIN_FINDINGEMITTER_H
