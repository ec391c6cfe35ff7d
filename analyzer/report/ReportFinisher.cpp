//===- ReportFinisher.cpp -------------------------------------------------===//
#include "analyzer/report/ReportFinisher.h"
#include "analyzer/report/FindingText.h"

namespace rla {

ReportFinisher::ReportFinisher(Report &R, const CheckFilter &Checks)
    : R(R), Checks(Checks) {
  R.Checks = Checks;
}

void ReportFinisher::fileFindings(std::vector<Finding> &Findings) {
  wordFindings(Findings);
  suppressFileFindings(Findings, Sources, R.Suppressed);
  dropDisabled(Findings, Checks);
}

void ReportFinisher::kernel(KernelReport &K) {
  wordFindings(K);
  suppressKernel(K, Sources, R.Suppressed);
  filterKernelFindings(K, Checks);
}

void ReportFinisher::done() { dropDisabled(R.Suppressed, Checks); }

} // namespace rla
