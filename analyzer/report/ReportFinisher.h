//===- ReportFinisher.h - The one last step before an entry is written -*- C++
//-*-===//
///
/// \file
/// A report's findings are finished in one place, in one order: worded
/// (FindingText), silenced where the source asks (Suppressions: the
/// `rl-ignore` comments) and dropped where --checks disables them
/// (CheckFilter). A streamed report writes each launch entry as soon as it
/// is bound, so the finisher works entry by entry: the file's findings,
/// each kernel entry, then done() once every entry is in.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_REPORTFINISHER_H
#define RLA_REPORT_REPORTFINISHER_H

#include "analyzer/report/CheckFilter.h"
#include "analyzer/report/Report.h"
#include "analyzer/report/Suppressions.h"

#include <vector>

namespace rla {

class ReportFinisher {
public:
  /// Silenced findings go to R.Suppressed; R.Checks records Checks.
  ReportFinisher(Report &R, const CheckFilter &Checks);
  /// File-level findings (R.Findings, or a batch about to join them).
  void fileFindings(std::vector<Finding> &Findings);
  /// One launch entry: its findings and its model's.
  void kernel(KernelReport &K);
  /// After the last entry: the silenced findings of disabled checks go too.
  void done();

private:
  Report &R;
  const CheckFilter &Checks;
  SourceLines Sources;
};

} // namespace rla

#endif // RLA_REPORT_REPORTFINISHER_H
