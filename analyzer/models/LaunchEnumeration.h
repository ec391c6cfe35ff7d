//===- LaunchEnumeration.h - Warp-uniform counts of a launch ----*- C++ -*-===//
///
/// \file
/// A loop whose trip count is the warp's (a grid-stride loop that steps the
/// warp's first index, so that a full-mask ballot in it is legal) under a
/// guard that narrows the threads (`if (lane == 0)`) has no closed form
/// over the threads: its launch-wide formula is each statement's number of
/// threads times the trip count of one of them, the thread coordinates
/// still in it. Where every lane of a warp has the same trip count, the
/// mean of that formula over the warps of the bound launch is the total:
/// exactly where each statement's threads are spread over the warps like
/// all threads (a lane guard), which the report states as an assumption.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LAUNCHENUMERATION_H
#define RLA_MODELS_LAUNCHENUMERATION_H

#include "analyzer/ir/Expr.h"
#include "analyzer/ir/LaunchSpec.h"

#include <optional>

namespace rla {

/// The most warps meanOverLaunchWarps evaluates.
constexpr double MaxEnumeratedWarps = 1 << 14;

/// The mean of F over the threads of Launch (grid and block known
/// integers), the other symbols from Values, evaluated once per warp;
/// nullopt when F differs between the lanes of a warp (it names the lane,
/// or blocks do not hold whole warps along x), a value does not evaluate, or
/// the launch has more than MaxEnumeratedWarps warps.
std::optional<double> meanOverLaunchWarps(const Expr &F, const Bindings &Values,
                                          const LaunchSpec &Launch);

/// The mean of F over the threads of one block of Launch, evaluated thread
/// by thread (at most 1024): for a formula whose trip count differs between
/// the lanes of a warp. nullopt when F depends on the block's index, the
/// block is not known, or a value does not evaluate.
std::optional<double> meanOverBlockThreads(const Expr &F,
                                           const Bindings &Values,
                                           const LaunchSpec &Launch);

} // namespace rla

#endif // RLA_MODELS_LAUNCHENUMERATION_H
