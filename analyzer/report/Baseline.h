//===- Baseline.h - Per-kernel predictions to gate changes on ---*- C++ -*-===//
///
/// \file
/// `--write-baseline FILE` records, per file, kernel, launch and GPU, the
/// bound, the DRAM intensity, the predicted time, the DRAM bytes and (when
/// the report has them) the footprint and the occupancy. `--baseline FILE`
/// compares a run against it and names every kernel that got worse beyond
/// a tolerance (docs/baseline.md). Works on the JSON reports, so cached and
/// fresh results are compared alike.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_BASELINE_H
#define RLA_REPORT_BASELINE_H

#include "analyzer/ir/KernelModel.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rla {

/// The baseline file's schema version.
constexpr int BaselineVersion = 1;

struct BaselineEntry {
  std::string File; ///< relative to the baseline file's directory
  std::string Kernel, Case, Launch, Gpu;
  /// Which launch it is, in terms that survive edits moving lines: "in
  /// FUNCTION #n" (the n-th launch of the kernel in that host function),
  /// "case NAME #1", or "none #1"; empty in baselines written before it was
  /// recorded (those match by Launch).
  std::string Site;
  SourceLoc Location; ///< the kernel's name, as the report gave it
  std::string Bound;
  std::optional<double> Intensity, PredictedTime, DramBytes, FootprintBytes,
      Occupancy;
  /// Each limiter's time ("l2" -> seconds), longest first; empty in
  /// baselines written before they were recorded. A grown time names the
  /// limiter that grew the most.
  std::vector<std::pair<std::string, double>> Limiters;
  /// The IDs of the kernel's findings (sorted, once each), for
  /// --fail-on-new; unset in baselines written before they were recorded.
  std::optional<std::vector<std::string>> FindingIds;
  /// The identity two runs are matched by: file, kernel, launch site or
  /// case, GPU. The grid and block are compared, not matched on, so that
  /// changing a launch's block size is a change, not a new launch.
  std::string key() const;
  /// The identity of baselines without Site: grid and block included.
  std::string launchKey() const;
};

/// What --baseline does with a launch the baseline does not have.
enum class NewLaunchPolicy { Fail, Warn, Ignore };

/// Why some entries could not be compared, for the gate's summary.
struct BaselineComparison {
  std::vector<Finding> Regressions; ///< rl-baseline-regression errors
  /// rl-baseline-new (an error under NewLaunchPolicy::Fail, else a warning)
  /// and notes for entries without numbers to compare.
  std::vector<Finding> NotCompared;
};

/// One entry per kernel launch and GPU of a JSON report; FileKey names the
/// file in the baseline.
std::vector<BaselineEntry> baselineEntries(const nlohmann::ordered_json &Report,
                                           const std::string &FileKey);

/// The path of File as the baseline at BaselinePath records it: relative to
/// the baseline's directory when inside it, else absolute.
std::string baselineFileKey(const std::string &File,
                            const std::string &BaselinePath);

bool loadBaseline(const std::string &Path, std::vector<BaselineEntry> &Out,
                  std::string &Error);
/// Writes Entries, keeping the entries of Path's existing baseline whose
/// file is not among Entries' files (a run over some files updates those).
bool writeBaseline(const std::string &Path,
                   const std::vector<BaselineEntry> &Entries,
                   const std::string &ToolVersion, std::string &Error);

/// Regressions of Now against Before, as rl-baseline-regression errors at
/// the kernel; only files present in Now are compared. Tolerance is a
/// fraction (0.05 = 5%).
/// FailOnNewFindings: a finding ID a matched launch has and its baseline
/// entry has not is an rl-baseline-new-finding error (--fail-on-new).
BaselineComparison
compareToBaseline(const std::vector<BaselineEntry> &Before,
                  const std::vector<BaselineEntry> &Now, double Tolerance,
                  NewLaunchPolicy New = NewLaunchPolicy::Warn,
                  bool FailOnNewFindings = false);

} // namespace rla

#endif // RLA_REPORT_BASELINE_H
