//===- ReportFindings.h - The findings of a JSON report ---------*- C++ -*-===//
///
/// \file
/// Whole-run consumers (SARIF, --fail-on) read finished JSON reports
/// (docs/json-format.md), so that results served from the cache and fresh
/// ones go through the same code. This lists a report's findings: file
/// level, per kernel (each once), and each bound kernel's verdict
/// (rl-memory-bound / rl-compute-bound) unless an ignore comment silenced it.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_REPORTFINDINGS_H
#define RLA_REPORT_REPORTFINDINGS_H

#include "analyzer/ir/KernelModel.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rla {

/// A place that explains a finding: a source line and what it moves.
struct RelatedLine {
  SourceLoc Loc;
  std::string Message;
};

/// A verdict's numbers on the first GPU: the predicted time, each limiter's
/// time (longest first) and the winner's margin over the runner-up.
struct VerdictNumbers {
  std::string Gpu, Bound;
  double PredictedTime = 0;
  std::optional<double> Margin;
  std::vector<std::pair<std::string, double>> Limiters;
};

struct ReportFinding {
  Finding F;
  bool Suppressed = false;
  /// For a verdict remark: the line of its next step (what to change
  /// first, with the time it saves), then the launch's lines by DRAM
  /// traffic, largest first (the kernel's "lines").
  std::vector<RelatedLine> Related;
  std::optional<VerdictNumbers> Numbers; ///< for a verdict remark
};

/// A verdict's "limiters" (docs/json-format.md) as {level, seconds},
/// longest first; empty without them.
std::vector<std::pair<std::string, double>>
verdictLimiters(const nlohmann::ordered_json &Verdict);

/// Active findings first, then the suppressed ones (Report["suppressed"]).
std::vector<ReportFinding> reportFindings(const nlohmann::ordered_json &Report);

/// "remark" -> Severity::Remark, ...; false for an unknown name.
bool parseSeverity(const std::string &Name, Severity &Out);

} // namespace rla

#endif // RLA_REPORT_REPORTFINDINGS_H
