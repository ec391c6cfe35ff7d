//===- DiagnosticIds.h - Every finding ID the tool can report ---*- C++ -*-===//
///
/// \file
/// The finding registry: one entry per stable finding ID with everything
/// about it, its default level, what it means, how to fix it, why it
/// matters with an example (--explain), and, for the IDs models report as
/// data, the function that words that data (FindingWordings.h). SARIF
/// rules, --list-diagnostics, --explain, the findings' messages and the
/// check that docs/diagnostics.md documents every ID all read it.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_DIAGNOSTICIDS_H
#define RLA_REPORT_DIAGNOSTICIDS_H

#include "analyzer/ir/KernelModel.h"

#include <string>
#include <vector>

namespace rla {

class FindingValues;

struct DiagnosticInfo {
  std::string Id;        ///< "rl-memory-bound"
  Severity DefaultLevel; ///< the level the tool reports it at
  std::string Summary;   ///< one sentence: what it means
  std::string Help;      ///< how to fix or silence it
  std::string Why;       ///< what it costs or hides
  std::string Example;   ///< source lines, several separated by '\n'
  /// The message for a finding reported as data; null for the IDs whose
  /// findings come with their words (the front end's, the gates').
  std::string (*Wording)(const FindingValues &) = nullptr;
  bool Planned = false; ///< documented, but no model emits it yet
};

/// Every ID, in the order docs/diagnostics.md lists them.
const std::vector<DiagnosticInfo> &diagnosticRegistry();

/// The entry for Id, or nullptr for an ID the table does not know.
const DiagnosticInfo *findDiagnostic(const std::string &Id);

} // namespace rla

#endif // RLA_REPORT_DIAGNOSTICIDS_H
