//===- Binder.h - A kernel model under one launch ---------------*- C++ -*-===//
///
/// \file
/// Binds a KernelModel's symbols (launch dimensions, scalar parameters) to a
/// LaunchSpec's values plus user bindings and runs the launch stages
/// (LaunchStage.h) on it. Unbound symbols stay unbound: the report then
/// shows formulas and what to bind, never invented numbers.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_BINDER_H
#define RLA_MODELS_BINDER_H

#include "analyzer/models/KernelResources.h"
#include "analyzer/models/LaunchReport.h"

#include <vector>

namespace rla {

/// Symbol values a launch provides: gridDim.*, blockDim.*, and scalar args.
Bindings launchBindings(const KernelModel &Model, const LaunchSpec &Launch);

/// Everything the renderers need for one kernel under one launch.
/// Precedence, lowest first: Defaults (a project config), the launch's own
/// values, UserBindings (--bind). Resources: the compiled file, for
/// occupancy on its GPUs; null leaves the report without occupancy.
/// Earlier: a report of another launch of Model, whose formulas are shared.
/// Cache: what the L2 holds when the launch starts.
KernelReport bindLaunch(const KernelModel &Model, const LaunchSpec &Launch,
                        const Bindings &UserBindings,
                        const std::vector<const GpuSpec *> &Gpus,
                        const Bindings &Defaults = {},
                        KernelResources *Resources = nullptr,
                        const KernelReport *Earlier = nullptr,
                        CacheState Cache = CacheState::Cold);

} // namespace rla

#endif // RLA_MODELS_BINDER_H
