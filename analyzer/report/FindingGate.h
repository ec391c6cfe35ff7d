//===- FindingGate.h - --fail-on=ID,... -------------------------*- C++ -*-===//
///
/// \file
/// Turns chosen findings into a failed gate (exit 1): each item of
/// --fail-on is a finding ID (rl-uncoalesced), `*` for any finding, or a
/// level (remark, note, warning, error) meaning that level or worse.
/// Suppressed findings never fail the gate.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_FINDINGGATE_H
#define RLA_REPORT_FINDINGGATE_H

#include "analyzer/report/ReportFindings.h"

#include <string>
#include <vector>

namespace rla {

struct FailOnRule {
  std::vector<std::string> Ids;
  bool Any = false;
  std::optional<Severity> MinLevel;
};

/// False with Error set for an item that is neither a known ID nor a level.
bool parseFailOn(const std::vector<std::string> &Items, FailOnRule &Rule,
                 std::string &Error);

/// The active findings of Report that the rule names.
std::vector<Finding> failingFindings(const nlohmann::ordered_json &Report,
                                     const FailOnRule &Rule);

/// Whether an error finding is about a value the user gave (--bind,
/// --launch, a launch file, the project config) rather than the program's
/// own code: its data's "given_by".
bool isInputError(const Finding &F);

} // namespace rla

#endif // RLA_REPORT_FINDINGGATE_H
