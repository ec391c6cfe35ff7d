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
#include <vector>

namespace rla {

/// The baseline file's schema version.
constexpr int BaselineVersion = 1;

struct BaselineEntry {
  std::string File; ///< relative to the baseline file's directory
  std::string Kernel, Case, Launch, Gpu;
  SourceLoc Location; ///< the kernel's name, as the report gave it
  std::string Bound;
  std::optional<double> Intensity, PredictedTime, DramBytes, FootprintBytes,
      Occupancy;
  /// The identity two runs are matched by.
  std::string key() const;
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
std::vector<Finding> compareToBaseline(const std::vector<BaselineEntry> &Before,
                                       const std::vector<BaselineEntry> &Now,
                                       double Tolerance);

} // namespace rla

#endif // RLA_REPORT_BASELINE_H
