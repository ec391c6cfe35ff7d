//===- DiagnosticExplanations.h - Why a finding matters ---------*- C++ -*-===//
///
/// \file
/// The explanation of a finding ID (--explain): its registry entry's Why and
/// Example (DiagnosticIds.h), where every ID has one.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_DIAGNOSTICEXPLANATIONS_H
#define RLA_REPORT_DIAGNOSTICEXPLANATIONS_H

#include "analyzer/report/DiagnosticIds.h"

#include <string>

namespace rla {

using DiagnosticExplanation = DiagnosticInfo;

/// The entry for Id when it has an explanation, or nullptr.
const DiagnosticExplanation *findExplanation(const std::string &Id);

} // namespace rla

#endif // RLA_REPORT_DIAGNOSTICEXPLANATIONS_H
