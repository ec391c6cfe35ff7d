//===- FindingText.h - The words of the models' findings --------*- C++ -*-===//
///
/// \file
/// The models say what they found as data (Finding::Data): the array, the
/// sectors per request, the GPU. This is where those become the message a
/// user reads, once for every format (text, diagnostics, JSON, SARIF, LSP).
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_FINDINGTEXT_H
#define RLA_REPORT_FINDINGTEXT_H

#include "analyzer/ir/KernelModel.h"
#include "analyzer/report/Report.h"

#include <string>
#include <vector>

namespace rla {

/// The message of F: its own text where it has one (the front end's), else
/// the words for its data.
std::string findingText(const Finding &F);

/// Sets the message of every finding that has none from its data.
void wordFindings(std::vector<Finding> &Findings);
void wordFindings(KernelReport &K);

} // namespace rla

#endif // RLA_REPORT_FINDINGTEXT_H
