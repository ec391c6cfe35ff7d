//===- Suppressions.h - In-source `rl-analyze: ignore[...]` -----*- C++ -*-===//
///
/// \file
/// A comment `rl-analyze: ignore[rl-uncoalesced, rl-spills]` (or
/// `ignore[*]` for every ID) silences findings:
///   - on the finding's own line or the line just above it, and
///   - for every finding of a kernel (and its verdict remark), on the line
///     of the kernel's name or the declaration lines above it
///     (`template <...>`, `__global__ void`) up to the first comment line.
/// Silenced findings move to Report::Suppressed so that outputs can count
/// them. Reads source text only; no parser involved.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_SUPPRESSIONS_H
#define RLA_REPORT_SUPPRESSIONS_H

#include "analyzer/report/Report.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rla {

/// The IDs an ignore comment on Line names ("*" for all); nullopt when the
/// line has no such comment.
std::optional<std::set<std::string>> ignoredIds(const std::string &Line);

/// Source lines by file, each file read once (missing files read as empty).
class SourceLines {
public:
  /// Line is 1-based; "" when out of range or unreadable.
  const std::string &line(const std::string &File, unsigned Line);
  /// Lets tests supply text without files.
  void setFile(const std::string &File, std::vector<std::string> Lines) {
    Files[File] = std::move(Lines);
  }

private:
  std::map<std::string, std::vector<std::string>> Files;
};

/// Moves every silenced finding of R into R.Suppressed and marks silenced
/// verdicts (KernelReport::VerdictSuppressed).
void applySuppressions(Report &R, SourceLines &Sources);

/// The same for one launch entry, and for file findings, with the silenced
/// ones moved to Suppressed (a streamed report applies it entry by entry).
void suppressKernel(KernelReport &K, SourceLines &Sources,
                    std::vector<Finding> &Suppressed);
void suppressFileFindings(std::vector<Finding> &Findings, SourceLines &Sources,
                          std::vector<Finding> &Suppressed);

} // namespace rla

#endif // RLA_REPORT_SUPPRESSIONS_H
