//===- OccupancyStages.h - What the occupancy stages share ------*- C++ -*-===//
#ifndef RLA_MODELS_OCCUPANCYSTAGES_H
#define RLA_MODELS_OCCUPANCYSTAGES_H

#include "analyzer/models/LaunchStage.h"

#include <functional>

#include <cmath>
#include <cstdint>
#include <optional>

namespace rla {

/// V as a whole non-negative number; unset otherwise.
std::optional<uint64_t> wholeNumber(const std::optional<Rational> &V);

/// Threads of the launch; unset when a dimension is not a whole number.
std::optional<double> launchThreads(const KernelReport &K);
/// The launch's blocks; unset when a dimension is not a whole number.
std::optional<double> launchBlocks(const KernelReport &K);

/// Calls F for each occupancy of R that was computed, with its GPU's
/// architecture limits and the table; nothing when resources were not
/// asked for.
void forEachComputedOccupancy(
    const LaunchContext &C, const KernelReport &R,
    const std::function<void(const OccupancyOnGpu &, const ArchitectureLimits &,
                             const ArchitectureTable &)> &F);

} // namespace rla

#endif // RLA_MODELS_OCCUPANCYSTAGES_H
