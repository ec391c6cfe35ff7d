//===- DiagnosticExplanations.h - What --explain ID prints ------*- C++ -*-===//
///
/// \file
/// For each finding ID, beyond its summary and help (DiagnosticIds.h): why
/// it matters for the kernel's time, and a small example of code that
/// draws it and of the code that does not. `rl-analyze --explain ID` prints
/// them together; a unit test checks that every ID has one.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_DIAGNOSTICEXPLANATIONS_H
#define RLA_REPORT_DIAGNOSTICEXPLANATIONS_H

#include <string>

namespace rla {

struct DiagnosticExplanation {
  const char *Id;
  const char *Why;     ///< what it costs or hides
  const char *Example; ///< source lines, several separated by '\n'
};

/// The entry for Id, or nullptr.
const DiagnosticExplanation *findExplanation(const std::string &Id);

} // namespace rla

#endif // RLA_REPORT_DIAGNOSTICEXPLANATIONS_H
