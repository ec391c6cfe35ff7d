//===- DiagnosticRenderer.h - The Report as clang-style lines ---*- C++ -*-===//
///
/// \file
/// `file:line:col: severity: message [id]` lines that editors, CI log
/// parsers and `-verify` tests already understand: a remark with the first
/// GPU's roofline verdict per kernel launch, plus every finding.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_DIAGNOSTICRENDERER_H
#define RLA_REPORT_DIAGNOSTICRENDERER_H

#include "analyzer/report/Report.h"

#include <string>
#include <vector>

namespace rla {

/// One diagnostic per line, each once, ordered by file, line and column.
std::string renderDiagnostics(const Report &R);

/// The same diagnostics as structured findings (the roofline remark becomes
/// an rl-memory-bound or rl-compute-bound remark), in the same order and
/// each once: what the compiler plugin and the language server report.
std::vector<Finding> collectDiagnostics(const Report &R);

} // namespace rla

#endif // RLA_REPORT_DIAGNOSTICRENDERER_H
