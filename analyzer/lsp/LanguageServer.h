//===- LanguageServer.h - `rl-analyze lsp` ----------------------*- C++ -*-===//
///
/// \file
/// A Language Server Protocol server over stdio: diagnostics (the findings
/// of --format=diagnostics, plus clang's own errors) on open, on save and
/// after edits (debounced), and a hover with a kernel's summary. It analyses
/// the editor's unsaved text and keeps each document's headers warm.
//===----------------------------------------------------------------------===//
#ifndef RLA_LSP_LANGUAGESERVER_H
#define RLA_LSP_LANGUAGESERVER_H

#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/pipeline/RequestSettings.h"

#include <cstdio>

namespace rla {

struct LanguageServerOptions {
  /// Parse options common to every document (File is ignored).
  ParseOptions Parse;
  RequestSettings Settings;
  /// Quiet time after an edit before the document is analysed again.
  unsigned DebounceMs = 200;
};

/// Serves until the client's `exit` (or the end of In). Returns the process
/// exit code: 0 after shutdown + exit, 1 for an exit (or end of input)
/// without shutdown, 2 for a stream that is not LSP at all.
int runLanguageServer(const LanguageServerOptions &Options,
                      const GpuDatabase &Gpus, std::FILE *In, std::FILE *Out);

} // namespace rla

#endif // RLA_LSP_LANGUAGESERVER_H
