//===- OccupancyStages.h - What the occupancy stages share ------*- C++ -*-===//
#ifndef RLA_MODELS_OCCUPANCYSTAGES_H
#define RLA_MODELS_OCCUPANCYSTAGES_H

#include "analyzer/models/LaunchReport.h"

#include <cmath>
#include <cstdint>
#include <optional>

namespace rla {

/// V as a whole non-negative number; unset otherwise.
std::optional<uint64_t> wholeNumber(const std::optional<Rational> &V);

/// Threads of the launch; unset when a dimension is not a whole number.
std::optional<double> launchThreads(const KernelReport &K);

} // namespace rla

#endif // RLA_MODELS_OCCUPANCYSTAGES_H
