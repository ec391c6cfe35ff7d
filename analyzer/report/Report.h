//===- Report.h - Everything one run found, ready to render -----*- C++ -*-===//
///
/// \file
/// The single struct every renderer reads (text, JSON, diagnostics, ...).
/// Renderers never compute; models never format.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_REPORT_H
#define RLA_REPORT_REPORT_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/models/LaunchReport.h"
#include "analyzer/models/LibraryCallCost.h"
#include "analyzer/report/CheckFilter.h"

#include <string>
#include <vector>

namespace rla {

/// A cuBLAS GEMM, copy or fill of the host code, priced on each GPU.
struct LibraryCallReport {
  LibraryCall Call;
  std::vector<LibraryCallCost> ByGpu; ///< one per --gpu, in order
};

/// A kernel whose code clang could not build: listed, not counted.
struct NotAnalysedKernel {
  std::string Name;
  SourceLoc Location;
  std::string Reason; ///< with clang's message and its position
};

/// The whole program as the host run counts it: every entry with a launch
/// count, times that count. Entries without a count or without totals are
/// left out and counted in Missing.
struct ProgramTotals {
  bool Present = false; ///< some entry came from running the host code
  double Launches = 0;
  NumberRange Flops, DramBytes;
  std::vector<NumberRange> Time; ///< seconds, per Report::Gpus entry
  size_t Missing = 0;            ///< entries left out
};

struct Report {
  std::string Tool = "rl-analyze";
  std::string Version;
  std::string InputFile;
  std::vector<const GpuSpec *> Gpus;
  std::vector<KernelReport> Kernels;
  std::vector<NotAnalysedKernel> NotAnalysed;
  /// Library operations the host code calls, in source order.
  std::vector<LibraryCallReport> LibraryCalls;
  /// File-level findings (no kernels, unknown kernel in --launch, ...).
  std::vector<Finding> Findings;
  /// Findings silenced by `rl-analyze: ignore[...]` comments, removed from
  /// the lists above (Suppressions.h).
  std::vector<Finding> Suppressed;
  /// Non-system files the parse read besides InputFile (for the cache).
  std::vector<std::string> Dependencies;
  /// Include paths that must stay absent for the result to stand.
  std::vector<std::string> AbsentIncludes;
  ProgramTotals Program;
  /// --checks: the finding IDs reported (the verdict remarks consult it).
  CheckFilter Checks;
};

} // namespace rla

#endif // RLA_REPORT_REPORT_H
