//===- ReportWriter.h - A report rendered while it is computed --*- C++ -*-===//
///
/// \file
/// Every output format renders through a writer that takes the report in
/// three steps: the head (all the report holds before any launch is bound),
/// each launch entry as it is bound, then the tail (file findings found
/// after binding, library calls, program totals). The whole-report renderers
/// (renderText, renderJson, renderDiagnostics) feed a writer a finished
/// report; a launch file of 100,000 cases is fed one entry at a time and
/// never held whole (pipeline/Analysis.h, analyzeStreaming).
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_REPORTWRITER_H
#define RLA_REPORT_REPORTWRITER_H

#include "analyzer/report/Report.h"

#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace rla {

class ReportWriter {
public:
  virtual ~ReportWriter();
  /// R holds no kernels yet; its findings are those known before binding.
  virtual void begin(const Report &R) = 0;
  /// One launch entry, in report order (a kernel's launches together).
  virtual void entry(const Report &R, const KernelReport &K) = 0;
  /// R is complete except for its kernels, which were given to entry().
  virtual void end(const Report &R) = 0;
};

/// Feeds a finished report to W: begin, every entry, end.
void writeReport(const Report &R, ReportWriter &W);

std::unique_ptr<ReportWriter> makeTextWriter(llvm::raw_ostream &Out, bool Color,
                                             bool Verbose, bool Lines);
std::unique_ptr<ReportWriter> makeJsonWriter(llvm::raw_ostream &Out);
std::unique_ptr<ReportWriter> makeDiagnosticsWriter(llvm::raw_ostream &Out);

} // namespace rla

#endif // RLA_REPORT_REPORTWRITER_H
