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
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/Roofline.h"

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
  std::vector<std::string> Assumptions;
  std::vector<Finding> Findings;
  /// The memory model on the first GPU (per-array footprints and traffic);
  /// unset when the launch is not bound.
  std::optional<MemoryEstimate> Memory;
};

struct Report {
  std::string Tool = "rl-analyze";
  std::string Version;
  std::string InputFile;
  std::vector<const GpuSpec *> Gpus;
  std::vector<KernelReport> Kernels;
  /// File-level findings (no kernels, unknown kernel in --launch, ...).
  std::vector<Finding> Findings;
};

} // namespace rla

#endif // RLA_REPORT_REPORT_H
