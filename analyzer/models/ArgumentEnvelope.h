//===- ArgumentEnvelope.h - Launches over an argument not known -*- C++ -*-===//
///
/// \file
/// An integer argument the host code does not decide (Mandelbrot's `frame`,
/// the pass of a progressive render) often matters only up to a small value:
/// `if (frame == 0)` makes the costs depend on min(frame, 1). Then every
/// value it can take is one of a few launches; each is bound, and the totals
/// and predicted times span them, with the reason in the range reasons.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_ARGUMENTENVELOPE_H
#define RLA_MODELS_ARGUMENTENVELOPE_H

#include "analyzer/models/Binder.h"

#include <optional>
#include <string>

namespace rla {

/// Saturation points tried, and launches bound at most per entry.
constexpr int64_t MaxSaturationPoint = 64;
constexpr int64_t MaxEnvelopeLaunches = 65;

/// The least c <= MaxSaturationPoint (tried in powers of two) such that no
/// count of Model changes for Symbol >= c; unset when there is none.
std::optional<int64_t> saturationPoint(const KernelModel &Model,
                                       const std::string &Symbol);

/// K, unbound only through integer arguments that saturate, bound at every
/// value they take (0 .. c each) and replaced by the span of those launches:
/// totals from the least to the most of each count, each GPU's verdict from
/// the fastest launch's low end to the slowest's high end, the rest of the
/// slowest. K is left as it is otherwise. The other arguments as bindLaunch.
void envelopeUnknownArguments(KernelReport &K, const KernelModel &Model,
                              const Bindings &UserBindings,
                              const std::vector<const GpuSpec *> &Gpus,
                              const Bindings &Defaults,
                              KernelResources *Resources, CacheState Cache);

} // namespace rla

#endif // RLA_MODELS_ARGUMENTENVELOPE_H
