//===- ProjectRun.h - Many files, in parallel, through a cache --*- C++ -*-===//
///
/// \file
/// Runs the analysis over one or many files (the inputs, or every CUDA
/// entry of compile_commands.json), N at a time, serving unchanged files
/// from the result cache; prints each file's output, a summary across files,
/// and then applies the gates (--fail-on, --baseline).
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_PROJECTRUN_H
#define RLA_PIPELINE_PROJECTRUN_H

#include "analyzer/pipeline/Analysis.h"
#include "analyzer/report/Baseline.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace rla {

enum class OutputKind { Text, Json, Diagnostics, Sarif };

struct RunOptions {
  std::vector<std::string> Files;
  /// Several files or a whole project: per-file sections and a summary.
  bool Multi = false;
  OutputKind Output = OutputKind::Text;
  bool Color = false;
  unsigned Jobs = 1;
  std::string CacheDir; ///< empty: no cache
  /// Everything besides the file that decides its result (tool identity,
  /// options, GPU database): part of every cache key.
  std::string CacheContext;
  bool Verbose = false;
  /// --lines: a per-source-line traffic table under each launch (text).
  bool Lines = false;
  /// --svg: write the roofline picture of every report here.
  std::string Svg;
  std::vector<std::string> FailOn;
  std::string Baseline, WriteBaseline;
  double Tolerance = 0.05;
  /// --baseline-new: what a launch the baseline lacks does to the gate.
  NewLaunchPolicy BaselineNew = NewLaunchPolicy::Warn;
  /// --fail-on-new: a finding the baseline's entry lacks fails the gate.
  bool FailOnNewFindings = false;
  /// A launch file of this many cases is reported as it is computed
  /// (--stream-launches; ProjectRun.cpp, streams()).
  size_t StreamLaunches = 1000;
};

/// Runs everything; returns the exit code (docs/cli.md).
int runAnalyses(const AnalysisRequest &Template, const RunOptions &Options,
                const GpuDatabase &Db, llvm::raw_ostream &Out,
                llvm::raw_ostream &Err);

} // namespace rla

#endif // RLA_PIPELINE_PROJECTRUN_H
