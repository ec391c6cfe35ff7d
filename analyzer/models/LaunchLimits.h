//===- LaunchLimits.h - Launch dimensions CUDA accepts ----------*- C++ -*-===//
///
/// \file
/// A launch outside CUDA's grid and block limits fails with
/// cudaErrorInvalidConfiguration and runs nothing, so predicting its time
/// would be silently wrong. The limits are the same on every architecture
/// since compute capability 5.0 (CUDA C++ Programming Guide, "Technical
/// Specifications per Compute Capability"), which is why they are constants
/// here and not per-architecture data.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LAUNCHLIMITS_H
#define RLA_MODELS_LAUNCHLIMITS_H

#include "analyzer/ir/Expr.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace rla {

constexpr int64_t CudaMaxThreadsPerBlock = 1024;
constexpr std::array<int64_t, 3> CudaMaxBlockDim = {1024, 1024, 64};
constexpr std::array<int64_t, 3> CudaMaxGridDim = {2147483647, 65535, 65535};

using LaunchDims = std::array<std::optional<Rational>, 3>;

/// Why CUDA rejects a launch of Grid blocks of Block threads, every reason
/// joined by "; "; empty when it accepts it. Unknown dimensions pass (the
/// product of the known block dimensions is still checked); values that
/// are not positive integers are left to the binder's own check.
std::string launchLimitViolations(const LaunchDims &Grid,
                                  const LaunchDims &Block);

} // namespace rla

#endif // RLA_MODELS_LAUNCHLIMITS_H
