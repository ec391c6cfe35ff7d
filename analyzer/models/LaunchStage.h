//===- LaunchStage.h - The models of one launch, in order -------*- C++ -*-===//
///
/// \file
/// A kernel under one launch is priced by an ordered list of stages. Each
/// reads the kernel, the launch, the GPUs and what the stages before it
/// wrote, and writes its own part of the KernelReport:
///
///   Bind → Totals → Memory → NoWork → Roofline → Occupancy → Issue
///        → LocalMemory → Latency → LaunchCost → Verdict → OccupancyAdvice
///        → TailWave → MissingTerm → NextStep
///
/// The verdict is decided once, by the Verdict stage, from every term the
/// stages before it found (compute, DRAM, L2, L1, latency, atomics, the
/// launch), with the one rule of Limiter.h; the stages after it price
/// changes with that same rule. A new model is one file with its stage and
/// one line in launchStages() (LaunchStages.cpp).
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LAUNCHSTAGE_H
#define RLA_MODELS_LAUNCHSTAGE_H

#include "analyzer/models/KernelResources.h"
#include "analyzer/models/LaunchReport.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rla {

/// What the stages of one launch share besides the report they fill.
struct LaunchContext {
  LaunchContext(const KernelModel &Model, const LaunchSpec &Launch,
                const std::vector<const GpuSpec *> &Gpus)
      : Model(Model), Launch(Launch), Gpus(Gpus) {}
  const KernelModel &Model;
  /// The launch as given; the report's Launch has the values bound to it.
  const LaunchSpec &Launch;
  /// The GPUs the kernel's body is predicted on (its architectures).
  const std::vector<const GpuSpec *> &Gpus;
  /// Lowest precedence first: a project config's values, then --bind.
  Bindings Defaults, UserBindings;
  /// The compiled file's registers and shared memory; null when resources
  /// were not asked for (the report then has no occupancy at all).
  KernelResources *Resources = nullptr;
  /// What the L2 holds when the launch starts (MemoryModel.h).
  CacheState Cache = CacheState::Cold;
  /// An earlier launch of the same kernel: its launch-independent formulas
  /// are shared, not made again (null: made here).
  const KernelReport *Earlier = nullptr;

  // Written by the stages, in order.
  Bindings Values;      ///< Bind: every symbol's value
  bool Invalid = false; ///< Bind: a value or a launch CUDA rejects
  /// Totals: each quantity's formula, low and high end.
  std::vector<std::pair<Metric, Expr>> Low, High;
  /// Totals: the dimensions the kernel never uses, set to 1 in formulas.
  std::map<std::string, Expr> UnusedDimensions;
  BoundTotals Totals; ///< Totals, Memory: what evaluated to numbers
  /// Memory: one estimate per Gpus entry; empty when the launch is unbound.
  std::vector<MemoryEstimate> MemoryByGpu;
  /// Roofline: each verdict's input at the high end, for the what-ifs of
  /// the NextStep stage.
  std::vector<RooflineInput> HighInputs;

  /// A formula as reports show it: without the unused dimensions.
  std::string shown(const Expr &E) const {
    return E.substitute(UnusedDimensions).str();
  }
  /// Where findings about the launch point: its site, else the kernel.
  SourceLoc where() const {
    return Launch.Site.valid() ? Launch.Site : Model.Location;
  }
};

class LaunchStage {
public:
  virtual ~LaunchStage() = default;
  virtual const char *name() const = 0;
  virtual void run(LaunchContext &C, KernelReport &R) const = 0;
};

/// The stages, in the order they run.
const std::vector<std::unique_ptr<LaunchStage>> &launchStages();

/// The stage of that name ("occupancy"), nullptr when none has it.
const LaunchStage *launchStage(const std::string &Name);

/// Runs every stage on a fresh report for C's kernel and launch.
KernelReport runLaunchStages(LaunchContext &C);

} // namespace rla

#endif // RLA_MODELS_LAUNCHSTAGE_H
