//===- DiagnosticIds.h - Every finding ID the tool can report ---*- C++ -*-===//
///
/// \file
/// One table of the stable finding IDs: what each means, how to fix it and
/// its default level. SARIF rules, --list-diagnostics and the check that
/// docs/diagnostics.md documents every ID all read this table.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_DIAGNOSTICIDS_H
#define RLA_REPORT_DIAGNOSTICIDS_H

#include "analyzer/ir/KernelModel.h"

#include <string>
#include <vector>

namespace rla {

struct DiagnosticInfo {
  std::string Id;        ///< "rl-memory-bound"
  Severity DefaultLevel; ///< the level the tool reports it at
  std::string Summary;   ///< one sentence: what it means
  std::string Help;      ///< how to fix or silence it
  bool Planned = false;  ///< documented, but no model emits it yet
};

/// Every ID, in the order docs/diagnostics.md lists them.
const std::vector<DiagnosticInfo> &diagnosticRegistry();

/// The entry for Id, or nullptr for an ID the table does not know.
const DiagnosticInfo *findDiagnostic(const std::string &Id);

} // namespace rla

#endif // RLA_REPORT_DIAGNOSTICIDS_H
