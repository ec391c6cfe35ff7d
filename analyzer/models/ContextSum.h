//===- ContextSum.h - The launches of a merged entry, summed ----*- C++ -*-===//
///
/// \file
/// A site the program runs with many different values (Rodinia's nw launches
/// `needle<<<i, 16>>>` for i = 1..128) is one report entry whose varying
/// values are unknown. Its contexts are each a full launch: bound one by
/// one, their work and predicted time add up to what the program spends on
/// the site, which the whole-program totals need.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_CONTEXTSUM_H
#define RLA_MODELS_CONTEXTSUM_H

#include "analyzer/models/Binder.h"

namespace rla {

/// Contexts bound at most; a site with more keeps no sum (Why says so).
constexpr size_t MaxSummedContexts = 4096;
/// Distinct launch configurations kept with their own totals and times.
constexpr size_t MaxContextLaunches = 64;

/// K.Sum for K.Launch.Contexts (nothing when it has none), binding each as
/// bindLaunch does with the same bindings, GPUs and resources.
void sumContexts(KernelReport &K, const KernelModel &Model,
                 const Bindings &UserBindings,
                 const std::vector<const GpuSpec *> &Gpus,
                 const Bindings &Defaults, KernelResources *Resources,
                 CacheState Cache);

} // namespace rla

#endif // RLA_MODELS_CONTEXTSUM_H
