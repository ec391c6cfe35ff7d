//===- Report.h - Everything one run found, ready to render -----*- C++ -*-===//
///
/// \file
/// The single struct every renderer reads (text, JSON, diagnostics, ...).
/// Renderers never compute; models never format.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_REPORT_H
#define RLA_REPORT_REPORT_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/LaunchSpec.h"
#include "analyzer/models/Crossover.h"
#include "analyzer/models/LibraryCallCost.h"
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/NextStep.h"
#include "analyzer/models/Occupancy.h"
#include "analyzer/models/Roofline.h"
#include "analyzer/report/CheckFilter.h"
#include "analyzer/resources/PtxasOutputParser.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rla {

/// A bound quantity: Low == High when exact; unset when unbound.
struct NumberRange {
  double Low = 0, High = 0;
  bool isExact() const { return Low == High; }
};
using BoundValue = std::optional<NumberRange>;

/// Concrete totals of one launch (every CostVector field, by its JSON name:
/// "flops_fp32", "global_load_bytes", ...). Missing key == unbound.
struct BoundTotals {
  std::map<std::string, NumberRange> Values;
  BoundValue get(const std::string &Key) const;
};

/// The verdict on one GPU.
struct GpuVerdict {
  const GpuSpec *Gpu = nullptr;
  /// Roofline at the low and the high end of the ranges (equal when exact).
  RooflineResult Low, High;
  /// Each improvable access fixed, re-priced at the high end (NextStep.h).
  std::vector<SiteFix> Fixes;
};

/// The compiled kernel's resources and the launch's occupancy on one GPU.
struct OccupancyOnGpu {
  const GpuSpec *Gpu = nullptr;
  /// What ptxas reported for the kernel on this GPU's architecture.
  std::optional<PtxasFunction> Resources;
  /// __launch_bounds__ maximum threads per block; 0 when the kernel has none.
  unsigned MaxThreadsPerBlock = 0;
  /// Unset when Unknown says why (no nvcc, unbound block size, ...).
  std::optional<OccupancyResult> Result;
  std::string Unknown;
};

/// One kernel under one launch configuration.
struct KernelReport {
  KernelModel Model;
  LaunchSpec Launch;
  /// Symbolic totals over the launch, "low" == "high" when exact:
  /// field JSON name -> formula text.
  std::map<std::string, std::pair<std::string, std::string>> TotalFormulas;
  std::map<std::string, std::pair<std::string, std::string>> PerThreadFormulas;
  /// TotalFormulas with every min/max decided as it is for this launch
  /// (`2*N^3` for a naive matmul whose grid covers N); empty when unbound.
  std::map<std::string, std::pair<std::string, std::string>> LaunchFormulas;
  /// Set when every symbol was bound.
  std::optional<BoundTotals> Totals;
  /// Symbols still unbound, with what binds them.
  std::set<std::string> Unbound;
  std::vector<GpuVerdict> Verdicts; ///< one per --gpu, in order
  /// One per --gpu, in order; empty when resources were not asked for.
  std::vector<OccupancyOnGpu> Occupancies;
  std::vector<std::string> Assumptions;
  std::vector<Finding> Findings;
  /// Set when an `rl-analyze: ignore[...]` comment silences the verdict
  /// remark (rl-memory-bound / rl-compute-bound); see Suppressions.h.
  bool VerdictSuppressed = false;
  /// The memory model on the first GPU (per-array footprints and traffic);
  /// unset when the launch is not bound.
  std::optional<MemoryEstimate> Memory;
  /// --solve SYMBOL: one per --gpu, in order; empty when not asked.
  std::vector<CrossoverResult> Crossovers;
  /// --precision X without --solve: the launch with its data stored as X.
  std::optional<WhatIfResult> WhatIf;
};

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
  ProgramTotals Program;
  /// --checks: the finding IDs reported (the verdict remarks consult it).
  CheckFilter Checks;
};

} // namespace rla

#endif // RLA_REPORT_REPORT_H
