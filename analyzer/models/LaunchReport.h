//===- LaunchReport.h - One kernel under one launch, priced ----*- C++ -*-===//
///
/// \file
/// What the launch stages (LaunchStage.h) write for one kernel under one
/// launch: the bound totals, the memory estimate, the verdict on each GPU,
/// occupancy, findings. The report (report/Report.h) holds a list of them;
/// renderers read them, models fill them.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LAUNCHREPORT_H
#define RLA_MODELS_LAUNCHREPORT_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/LaunchSpec.h"
#include "analyzer/models/Crossover.h"
#include "analyzer/models/IssueTime.h"
#include "analyzer/models/LaunchCost.h"
#include "analyzer/models/LocalMemory.h"
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/NextStep.h"
#include "analyzer/models/Occupancy.h"
#include "analyzer/models/Roofline.h"
#include "analyzer/resources/PtxasOutputParser.h"

#include <array>
#include <map>
#include <memory>
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

/// Concrete totals of one launch, by quantity (Metric.h); a quantity
/// without a value did not evaluate (unbound, an overflow, ...).
class BoundTotals {
public:
  BoundValue get(Metric Q) const { return Values[unsigned(Q)]; }
  bool has(Metric Q) const { return Values[unsigned(Q)].has_value(); }
  void set(Metric Q, NumberRange V) { Values[unsigned(Q)] = V; }
  void erase(Metric Q) { Values[unsigned(Q)].reset(); }
  /// How many quantities have a value.
  size_t size() const;

private:
  std::array<BoundValue, NumMetrics> Values{};
};

/// Every FLOP of a launch: the CUDA cores' (Metric::Flops) and the tensor
/// cores' (Metric::TensorFlops) together; unset when the CUDA-core FLOPs
/// are. The lines that say "FLOPs" count both (the JSON keeps them apart).
BoundValue allFlops(const BoundTotals &T);

/// The verdict on one GPU.
struct GpuVerdict {
  const GpuSpec *Gpu = nullptr;
  /// Roofline at the low and the high end of the ranges (equal when exact).
  RooflineResult Low, High;
  /// Each improvable access fixed, re-priced at the high end, and the
  /// change that saves the most (NextStep.h, the NextStep stage).
  std::vector<SiteFix> Fixes;
  NextStep Next;
  /// The compiled code's instructions under this launch (IssueTime.h);
  /// unset when there is no SASS (--no-resources, no nvdisasm, ...).
  std::optional<IssueEstimate> Issue;
  /// The compiled code's local loads and stores through the caches
  /// (LocalMemory.h); unset when it has none or there is no SASS.
  std::optional<LocalMemoryTraffic> Local;
  /// Handing out the blocks and the launch floor (LaunchCost.h); unset
  /// without occupancy or the architecture's launch costs.
  std::optional<LaunchCostEstimate> Launch;
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
  Note Unknown;
};

/// Formula text (low, high) by quantity.
/// Copies share one table until one of them is written, so the launches of
/// a kernel (a launch file can hold 100,000) hold its formulas once.
class FormulaTable {
public:
  using Map = std::map<Metric, std::pair<std::string, std::string>>;
  using const_iterator = Map::const_iterator;
  const_iterator begin() const { return map().begin(); }
  const_iterator end() const { return map().end(); }
  const_iterator find(Metric Q) const { return map().find(Q); }
  size_t count(Metric Q) const { return map().count(Q); }
  bool empty() const { return map().empty(); }
  size_t size() const { return map().size(); }
  /// The entry to write; a table shared with other copies is copied first.
  std::pair<std::string, std::string> &operator[](Metric Q);
  const Map &map() const;
  operator const Map &() const { return map(); }

private:
  std::shared_ptr<Map> Shared;
};

/// The contexts of a merged entry that share one launch configuration:
/// what one launch of that grid, block and shared memory costs (the first
/// such context in program order, the one a profiler sees first).
struct ContextLaunch {
  LaunchSpec Launch;
  double Launches = 0; ///< the contexts' counts, summed
  std::optional<BoundTotals> Totals;
  std::vector<GpuVerdict> Verdicts;
};

/// One kernel under one launch configuration.
/// The launches an entry that merges calling contexts stands for
/// (LaunchSpec::Contexts), each bound on its own and weighed by its count.
struct ContextSum {
  size_t Contexts = 0; ///< contexts the program runs (count not 0)
  size_t Unbound = 0;  ///< of them, those without totals or a time
  std::optional<Note> Why; ///< the first unbound context's first reason
  double Launches = 0;
  NumberRange Flops, DramBytes;
  std::vector<const GpuSpec *> Gpus; ///< those of Time and LaunchTime
  std::vector<NumberRange> Time;     ///< seconds in all, per GPU
  /// The fastest and slowest single launch, per GPU (the high ends).
  std::vector<NumberRange> LaunchTime;
  /// One per distinct launch configuration, in program order, at most
  /// MaxContextLaunches; ContextLaunchesDropped counts the rest.
  std::vector<ContextLaunch> ByLaunch;
  size_t ContextLaunchesDropped = 0;
  bool complete() const { return Contexts > 0 && Unbound == 0; }
};

struct KernelReport {
  KernelModel Model;
  LaunchSpec Launch;
  /// Symbolic totals over the launch, "low" == "high" when exact.
  FormulaTable TotalFormulas;
  FormulaTable PerThreadFormulas;
  /// TotalFormulas with every min/max decided as it is for this launch
  /// (`2*N^3` for a naive matmul whose grid covers N); empty when unbound.
  FormulaTable LaunchFormulas;
  /// Set when every symbol was bound.
  std::optional<BoundTotals> Totals;
  /// Set when a symbol is still unbound: the source-level counts whose
  /// formulas do not depend on it (a spin loop's unknown trips leave its
  /// FLOPs and bytes exact). No memory level: that model needs them all.
  std::optional<BoundTotals> PartialTotals;
  /// Symbols still unbound, with what binds them.
  std::set<std::string> Unbound;
  std::vector<GpuVerdict> Verdicts; ///< one per --gpu, in order
  /// One per --gpu, in order; empty when resources were not asked for.
  std::vector<OccupancyOnGpu> Occupancies;
  std::vector<Note> Assumptions; ///< worded by report/NoteText.h
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
  /// Set for an entry that merges calling contexts.
  std::optional<ContextSum> Sum;
};

/// K's verdict on Gpu; nullptr when it has none (an unbound launch).
GpuVerdict *verdictOn(KernelReport &K, const GpuSpec &Gpu);

} // namespace rla

#endif // RLA_MODELS_LAUNCHREPORT_H
