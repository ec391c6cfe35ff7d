//===- CheckFilter.h - --checks: which finding IDs are reported -*- C++ -*-===//
///
/// \file
/// `--checks='-*,rl-uncoalesced'` selects findings the way clang-tidy's
/// -checks= selects checks, so the habit carries over: a comma-separated
/// list of globs (`*` matches any run of characters), a leading `-` turns
/// off what the glob matches, and the last glob that matches an ID decides.
/// The list starts from `*` (every ID on); the project config's list and
/// then the command line's are appended to it. A disabled finding is not
/// computed away: it is left out of every output and gate, as clang-tidy
/// leaves out a check it does not run.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_CHECKFILTER_H
#define RLA_REPORT_CHECKFILTER_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace rla {

class CheckFilter {
public:
  /// Appends the globs of List. False with Error set when a glob matches
  /// no known finding ID (a typo would otherwise select nothing silently)
  /// or is empty after its `-`.
  bool append(llvm::StringRef List, std::string &Error);

  /// Appends without checking the globs against the known IDs (for lists
  /// read back from a report, which a newer tool may have written).
  void appendUnchecked(llvm::StringRef List);

  /// Whether findings with this ID are reported; a finding with no ID
  /// always is.
  bool enabled(llvm::StringRef Id) const;

  /// The whole list, starting with "*": what a JSON report records.
  std::string text() const;

private:
  struct Glob {
    bool Enable = true;
    std::string Pattern;
  };
  std::vector<Glob> Globs;
};

struct Report;
struct KernelReport;
struct Finding;

/// Drops from R every finding Checks disables (file-level, per kernel and
/// the suppressed ones) and records Checks in R, where the verdict remarks
/// look it up.
void applyCheckFilter(Report &R, const CheckFilter &Checks);

/// The same for one launch entry, and for a list of findings.
void filterKernelFindings(KernelReport &K, const CheckFilter &Checks);
void dropDisabled(std::vector<Finding> &List, const CheckFilter &Checks);

/// Whether Pattern (with `*` for any run of characters) matches all of Text.
bool globMatches(llvm::StringRef Pattern, llvm::StringRef Text);

} // namespace rla

#endif // RLA_REPORT_CHECKFILTER_H
