//===- Measure.h - Recorded runs against the static model -------*- C++ -*-===//
///
/// \file
/// The analysis side of `rl-analyze measure`: parses the source for its
/// kernel models, reads a trace (and optionally ncu's CSV), binds each
/// distinct launch configuration, predicts and compares. Needs no GPU.
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_MEASURE_H
#define RLA_PIPELINE_MEASURE_H

#include "analyzer/pipeline/Analysis.h"
#include "analyzer/report/MeasureReport.h"

namespace rla {

struct MeasureRequest {
  AnalysisRequest Analysis; ///< the file, flags, --gpu (overrides detection)
  std::string TraceFile;
  std::string NcuCsvFile; ///< empty: times only
  /// Only launches of this program (the trace's "program"); empty: all.
  std::string Program;
};

struct MeasureResult {
  int Exit = ExitOk;
  std::string Error;
  MeasureReport M;
};

MeasureResult measureFromTrace(const MeasureRequest &Req,
                               const GpuDatabase &Db);

} // namespace rla

#endif // RLA_PIPELINE_MEASURE_H
