//===- ReportWriter.cpp ---------------------------------------------------===//
#include "analyzer/report/ReportWriter.h"

namespace rla {

ReportWriter::~ReportWriter() = default;

void writeReport(const Report &R, ReportWriter &W) {
  W.begin(R);
  for (const KernelReport &K : R.Kernels)
    W.entry(R, K);
  W.end(R);
}

} // namespace rla
